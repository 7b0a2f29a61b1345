/** The energy price of a tariff: its kind (flat, time-of-use, spot, monthly) and that kind's fields. */
import { useTranslation } from 'react-i18next';
import { Num, NumInput, patched, RemoveButton, without, type Draft, type FieldsProps } from './fields';

type Energy = Draft['energy'];
type Of<K extends Energy['type']> = Extract<Energy, { type: K }>;
type Series = { id: string; name: string }[];

/** Seasons a window offers: all year, the summer of SNAP (April–September), the winter. */
const SEASONS = {
  year: undefined,
  summer: [4, 5, 6, 7, 8, 9],
  winter: [10, 11, 12, 1, 2, 3],
  other: undefined,
} as const satisfies Record<string, number[] | undefined>;
function seasonOf(months: readonly number[] | undefined): keyof typeof SEASONS {
  if (!months) return 'year';
  const key = [...months].sort((a, b) => a - b).join(',');
  if (key === '4,5,6,7,8,9') return 'summer';
  if (key === '1,2,3,10,11,12') return 'winter';
  return 'other';
}

/** A new energy price of a kind, with example values to change. */
function energyOfType(type: string, series: Series): Energy {
  if (type === 'flat') return { type: 'flat', centsPerKwh: 20 };
  if (type === 'tou')
    return {
      type: 'tou',
      defaultCentsPerKwh: 18,
      windows: [{ days: 'weekday', from: '06:00', to: '22:00', centsPerKwh: 25 }],
    };
  if (type === 'monthly')
    return { type: 'monthly', months: [{ month: new Date().toISOString().slice(0, 7), centsPerKwh: 6 }] };
  return { type: 'spot', priceSeriesId: series[0]?.id ?? '', factor: 1, markupCentsPerKwh: 1.5 };
}

export function EnergyFields({ d, set, series }: FieldsProps & { series: Series }) {
  const { t } = useTranslation();
  const e = d.energy;
  const setEnergy = (energy: Energy) => set({ energy });
  return (
    <>
      <label>
        {t('tariffs_energyType')}
        <select
          value={e.type}
          data-testid="tariff-energy-type"
          onChange={(ev) => setEnergy(energyOfType(ev.target.value, series))}
        >
          <option value="flat">{t('tariffs_flat')}</option>
          <option value="tou">{t('tariffs_tou')}</option>
          <option value="spot" disabled={series.length === 0}>
            {t('tariffs_spot')}
          </option>
          <option value="monthly">{t('tariffs_monthly')}</option>
        </select>
      </label>
      {e.type === 'flat' && (
        <Num
          label={t('tariffs_cents')}
          value={e.centsPerKwh}
          onChange={(v) => setEnergy({ ...e, centsPerKwh: v })}
          testId="tariff-cents"
        />
      )}
      {e.type === 'tou' && <TouFields e={e} setEnergy={setEnergy} />}
      {e.type === 'spot' && <SpotFields e={e} setEnergy={setEnergy} series={series} />}
      {e.type === 'monthly' && <MonthlyFields e={e} setEnergy={setEnergy} />}
    </>
  );
}

function TouFields({ e, setEnergy }: { e: Of<'tou'>; setEnergy: (x: Energy) => void }) {
  const { t } = useTranslation();
  type W = Of<'tou'>['windows'][number];
  const setW = (i: number, patch: Partial<W>) => setEnergy({ ...e, windows: patched(e.windows, i, patch) });
  return (
    <fieldset className="tou">
      <Num
        label={t('tariffs_default')}
        value={e.defaultCentsPerKwh}
        onChange={(v) => setEnergy({ ...e, defaultCentsPerKwh: v })}
      />
      {e.windows.map((w, i) => (
        <div key={i} className="row" aria-label={`${t('tariffs_window')} ${i + 1}`}>
          <select value={w.days} onChange={(ev) => setW(i, { days: ev.target.value as W['days'] })}>
            <option value="all">{t('tariffs_days_all')}</option>
            <option value="weekday">{t('tariffs_days_weekday')}</option>
            <option value="weekend">{t('tariffs_days_weekend')}</option>
            <option value="workday">{t('tariffs_days_workday')}</option>
            <option value="saturday">{t('tariffs_days_saturday')}</option>
            <option value="sunday_holiday">{t('tariffs_days_sunday_holiday')}</option>
          </select>
          <select
            value={seasonOf(w.months)}
            onChange={(ev) => setW(i, { months: SEASONS[ev.target.value as keyof typeof SEASONS] })}
            aria-label={t('tariffs_season')}
          >
            <option value="year">{t('tariffs_season_year')}</option>
            <option value="summer">{t('tariffs_season_summer')}</option>
            <option value="winter">{t('tariffs_season_winter')}</option>
            {seasonOf(w.months) === 'other' && <option value="other">{w.months?.join(', ')}</option>}
          </select>
          <input
            type="time"
            value={w.from}
            onChange={(ev) => setW(i, { from: ev.target.value })}
            aria-label="from"
          />
          <input
            type="time"
            value={w.to}
            onChange={(ev) => setW(i, { to: ev.target.value })}
            aria-label="to"
          />
          <NumInput
            value={w.centsPerKwh}
            onChange={(v) => setW(i, { centsPerKwh: v })}
            ariaLabel={t('tariffs_cents')}
          />
          <RemoveButton onClick={() => setEnergy({ ...e, windows: without(e.windows, i) })} />
        </div>
      ))}
      <button
        type="button"
        onClick={() =>
          setEnergy({
            ...e,
            windows: [...e.windows, { days: 'all', from: '22:00', to: '06:00', centsPerKwh: 15 }],
          })
        }
      >
        {t('tariffs_addWindow')}
      </button>
    </fieldset>
  );
}

function SeriesSelect(props: { value: string; series: Series; onChange: (id: string) => void }) {
  return (
    <select value={props.value} onChange={(ev) => props.onChange(ev.target.value)}>
      {props.series.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </select>
  );
}

function SpotFields(props: { e: Of<'spot'>; setEnergy: (x: Energy) => void; series: Series }) {
  const { t } = useTranslation();
  const { e, setEnergy, series } = props;
  return (
    <>
      <label>
        {t('tariffs_series')}
        <SeriesSelect
          value={e.priceSeriesId}
          series={series}
          onChange={(id) => setEnergy({ ...e, priceSeriesId: id })}
        />
      </label>
      <Num label={t('tariffs_factor')} value={e.factor} onChange={(v) => setEnergy({ ...e, factor: v })} />
      <Num
        label={t('tariffs_markup')}
        value={e.markupCentsPerKwh}
        onChange={(v) => setEnergy({ ...e, markupCentsPerKwh: v })}
      />
      <label>
        {t('tariffs_billedOn')}
        <select
          value={e.billedOn ?? ''}
          onChange={(ev) =>
            setEnergy({
              ...e,
              billedOn: (ev.target.value || undefined) as 'hourly' | 'quarter_hour' | undefined,
            })
          }
          data-testid="tariff-billed-on"
        >
          <option value="">{t('tariffs_billedOn_any')}</option>
          <option value="hourly">{t('tariffs_billedOn_hourly')}</option>
          <option value="quarter_hour">{t('tariffs_billedOn_quarter_hour')}</option>
        </select>
      </label>
      <label>
        {t('tariffs_switch')}
        <input
          type="date"
          value={e.quarterHourFrom ?? ''}
          onChange={(ev) =>
            setEnergy({
              ...e,
              quarterHourFrom: ev.target.value || undefined,
              quarterHourSeriesId: ev.target.value ? (e.quarterHourSeriesId ?? series[0]?.id) : undefined,
            })
          }
          data-testid="tariff-switch-date"
        />
      </label>
      {e.quarterHourFrom && (
        <label>
          {t('tariffs_switchSeries')}
          <SeriesSelect
            value={e.quarterHourSeriesId ?? ''}
            series={series}
            onChange={(id) => setEnergy({ ...e, quarterHourSeriesId: id })}
          />
        </label>
      )}
    </>
  );
}

function MonthlyFields({ e, setEnergy }: { e: Of<'monthly'>; setEnergy: (x: Energy) => void }) {
  const { t } = useTranslation();
  type M = Of<'monthly'>['months'][number];
  const setM = (i: number, patch: Partial<M>) => setEnergy({ ...e, months: patched(e.months, i, patch) });
  return (
    <fieldset className="tou" data-testid="tariff-months">
      {e.months.map((m, i) => (
        <div key={i} className="row">
          <input
            type="month"
            value={m.month}
            onChange={(ev) => setM(i, { month: ev.target.value })}
            aria-label={t('tariffs_month')}
          />
          <NumInput
            value={m.centsPerKwh}
            step={0.001}
            onChange={(v) => setM(i, { centsPerKwh: v })}
            ariaLabel={t('tariffs_cents')}
          />{' '}
          ct/kWh
          <RemoveButton onClick={() => setEnergy({ ...e, months: without(e.months, i) })} />
        </div>
      ))}
      <button
        type="button"
        onClick={() => setEnergy({ ...e, months: [...e.months, { month: '', centsPerKwh: 0 }] })}
      >
        {t('tariffs_addMonth')}
      </button>
    </fieldset>
  );
}
