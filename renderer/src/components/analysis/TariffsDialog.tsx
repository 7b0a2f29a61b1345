/**
 * The profile's tariffs and spot price series: add, edit, remove tariffs (flat, time-of-use windows,
 * spot with factor and markup; fees, grid energy and power, levies, VAT, validity) and import a price
 * file. main validates every tariff against the contract's schema and says what is wrong.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TariffInput } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtDate, fmtNumber } from '../../format';
import { usePrefs } from '../../store';
import { ErrorText } from '../ErrorText';
import { Modal } from '../Modal';
import { readForImport } from '../import/read-files';
import { useResult } from './useResult';

type Draft = TariffInput & { levies: NonNullable<TariffInput['levies']> };

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

const blank = (): Draft => ({
  id: `tarif-${Date.now().toString(36)}`,
  name: '',
  direction: 'consumption',
  commodity: 'electricity',
  energy: { type: 'flat', centsPerKwh: 20 },
  baseFeeEurPerMonth: 0,
  gridEnergyCentsPerKwh: 0,
  gridPowerEurPerKwYear: 0,
  levies: [],
  vatPercent: 20,
  validFrom: null,
  validTo: null,
});

function Num(props: {
  label: string;
  value: number | undefined;
  onChange: (v: number) => void;
  step?: number;
  testId?: string;
}) {
  return (
    <label>
      {props.label}
      <input
        type="number"
        step={props.step ?? 0.01}
        value={props.value ?? 0}
        onChange={(e) => props.onChange(Number(e.target.value) || 0)}
        data-testid={props.testId}
      />
    </label>
  );
}

function TariffForm(props: {
  draft: Draft;
  series: { id: string; name: string }[];
  onSave: (d: Draft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [d, setD] = useState<Draft>(props.draft);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const e = d.energy;
  return (
    <form
      className="tariff-form"
      data-testid="tariff-form"
      onSubmit={(ev) => {
        ev.preventDefault();
        props.onSave(d);
      }}
    >
      <label>
        {t('tariffs_name')}
        <input
          value={d.name}
          maxLength={80}
          required
          onChange={(ev) => set({ name: ev.target.value })}
          data-testid="tariff-name"
        />
      </label>
      <label>
        {t('tariffs_direction')}
        <select
          value={d.direction}
          onChange={(ev) => set({ direction: ev.target.value as Draft['direction'] })}
        >
          <option value="consumption">{t('direction_consumption')}</option>
          <option value="feed_in">{t('direction_feed_in')}</option>
        </select>
      </label>
      <label>
        {t('tariffs_commodity')}
        <select
          value={d.commodity ?? 'electricity'}
          onChange={(ev) => set({ commodity: ev.target.value as 'electricity' | 'gas' })}
          data-testid="tariff-commodity"
        >
          <option value="electricity">{t('commodity_electricity')}</option>
          <option value="gas">{t('commodity_gas')}</option>
        </select>
      </label>
      <label>
        {t('tariffs_energyType')}
        <select
          value={e.type}
          data-testid="tariff-energy-type"
          onChange={(ev) => {
            const type = ev.target.value;
            set({
              energy:
                type === 'flat'
                  ? { type: 'flat', centsPerKwh: 20 }
                  : type === 'tou'
                    ? {
                        type: 'tou',
                        defaultCentsPerKwh: 18,
                        windows: [{ days: 'weekday', from: '06:00', to: '22:00', centsPerKwh: 25 }],
                      }
                    : type === 'monthly'
                      ? {
                          type: 'monthly',
                          months: [{ month: new Date().toISOString().slice(0, 7), centsPerKwh: 6 }],
                        }
                      : {
                          type: 'spot',
                          priceSeriesId: props.series[0]?.id ?? '',
                          factor: 1,
                          markupCentsPerKwh: 1.5,
                        },
            });
          }}
        >
          <option value="flat">{t('tariffs_flat')}</option>
          <option value="tou">{t('tariffs_tou')}</option>
          <option value="spot" disabled={props.series.length === 0}>
            {t('tariffs_spot')}
          </option>
          <option value="monthly">{t('tariffs_monthly')}</option>
        </select>
      </label>
      {e.type === 'flat' && (
        <Num
          label={t('tariffs_cents')}
          value={e.centsPerKwh}
          onChange={(v) => set({ energy: { ...e, centsPerKwh: v } })}
          testId="tariff-cents"
        />
      )}
      {e.type === 'tou' && (
        <fieldset className="tou">
          <Num
            label={t('tariffs_default')}
            value={e.defaultCentsPerKwh}
            onChange={(v) => set({ energy: { ...e, defaultCentsPerKwh: v } })}
          />
          {e.windows.map((w, i) => {
            const setW = (patch: Partial<typeof w>) =>
              set({ energy: { ...e, windows: e.windows.map((x, k) => (k === i ? { ...x, ...patch } : x)) } });
            return (
              <div key={i} className="row" aria-label={`${t('tariffs_window')} ${i + 1}`}>
                <select value={w.days} onChange={(ev) => setW({ days: ev.target.value as typeof w.days })}>
                  <option value="all">{t('tariffs_days_all')}</option>
                  <option value="weekday">{t('tariffs_days_weekday')}</option>
                  <option value="weekend">{t('tariffs_days_weekend')}</option>
                  <option value="workday">{t('tariffs_days_workday')}</option>
                  <option value="saturday">{t('tariffs_days_saturday')}</option>
                  <option value="sunday_holiday">{t('tariffs_days_sunday_holiday')}</option>
                </select>
                <select
                  value={seasonOf(w.months)}
                  onChange={(ev) => setW({ months: SEASONS[ev.target.value as keyof typeof SEASONS] })}
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
                  onChange={(ev) => setW({ from: ev.target.value })}
                  aria-label="from"
                />
                <input
                  type="time"
                  value={w.to}
                  onChange={(ev) => setW({ to: ev.target.value })}
                  aria-label="to"
                />
                <input
                  type="number"
                  step={0.01}
                  value={w.centsPerKwh}
                  onChange={(ev) => setW({ centsPerKwh: Number(ev.target.value) || 0 })}
                  aria-label={t('tariffs_cents')}
                />
                <button
                  type="button"
                  onClick={() => set({ energy: { ...e, windows: e.windows.filter((_, k) => k !== i) } })}
                  aria-label={t('tariffs_remove')}
                >
                  ×
                </button>
              </div>
            );
          })}
          <button
            type="button"
            onClick={() =>
              set({
                energy: {
                  ...e,
                  windows: [...e.windows, { days: 'all', from: '22:00', to: '06:00', centsPerKwh: 15 }],
                },
              })
            }
          >
            {t('tariffs_addWindow')}
          </button>
        </fieldset>
      )}
      {e.type === 'spot' && (
        <>
          <label>
            {t('tariffs_series')}
            <select
              value={e.priceSeriesId}
              onChange={(ev) => set({ energy: { ...e, priceSeriesId: ev.target.value } })}
            >
              {props.series.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <Num
            label={t('tariffs_factor')}
            value={e.factor}
            onChange={(v) => set({ energy: { ...e, factor: v } })}
          />
          <Num
            label={t('tariffs_markup')}
            value={e.markupCentsPerKwh}
            onChange={(v) => set({ energy: { ...e, markupCentsPerKwh: v } })}
          />
          <label>
            {t('tariffs_billedOn')}
            <select
              value={e.billedOn ?? ''}
              onChange={(ev) =>
                set({
                  energy: {
                    ...e,
                    billedOn: (ev.target.value || undefined) as 'hourly' | 'quarter_hour' | undefined,
                  },
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
                set({
                  energy: {
                    ...e,
                    quarterHourFrom: ev.target.value || undefined,
                    quarterHourSeriesId: ev.target.value
                      ? (e.quarterHourSeriesId ?? props.series[0]?.id)
                      : undefined,
                  },
                })
              }
              data-testid="tariff-switch-date"
            />
          </label>
          {e.quarterHourFrom && (
            <label>
              {t('tariffs_switchSeries')}
              <select
                value={e.quarterHourSeriesId ?? ''}
                onChange={(ev) => set({ energy: { ...e, quarterHourSeriesId: ev.target.value } })}
              >
                {props.series.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </>
      )}
      {e.type === 'monthly' && (
        <fieldset className="tou" data-testid="tariff-months">
          {e.months.map((m, i) => {
            const setM = (patch: Partial<typeof m>) =>
              set({ energy: { ...e, months: e.months.map((x, k) => (k === i ? { ...x, ...patch } : x)) } });
            return (
              <div key={i} className="row">
                <input
                  type="month"
                  value={m.month}
                  onChange={(ev) => setM({ month: ev.target.value })}
                  aria-label={t('tariffs_month')}
                />
                <input
                  type="number"
                  step={0.001}
                  value={m.centsPerKwh}
                  onChange={(ev) => setM({ centsPerKwh: Number(ev.target.value) || 0 })}
                  aria-label={t('tariffs_cents')}
                />{' '}
                ct/kWh
                <button
                  type="button"
                  onClick={() => set({ energy: { ...e, months: e.months.filter((_, k) => k !== i) } })}
                  aria-label={t('tariffs_remove')}
                >
                  ×
                </button>
              </div>
            );
          })}
          <button
            type="button"
            onClick={() => set({ energy: { ...e, months: [...e.months, { month: '', centsPerKwh: 0 }] } })}
          >
            {t('tariffs_addMonth')}
          </button>
        </fieldset>
      )}
      <Num
        label={t('tariffs_baseFee')}
        value={d.baseFeeEurPerMonth}
        onChange={(v) => set({ baseFeeEurPerMonth: v })}
      />
      <fieldset className="levies" data-testid="tariff-fixed-charges">
        <legend>{t('tariffs_fixedCharges')}</legend>
        {(d.fixedCharges ?? []).map((c, i) => {
          const list = d.fixedCharges ?? [];
          const setC = (patch: Partial<typeof c>) =>
            set({ fixedCharges: list.map((x, k) => (k === i ? { ...x, ...patch } : x)) });
          return (
            <div key={i} className="row">
              <input
                value={c.name}
                placeholder={t('tariffs_fixedName')}
                onChange={(ev) => setC({ name: ev.target.value })}
                aria-label={t('tariffs_fixedName')}
              />
              <input
                type="number"
                step={0.01}
                value={c.eur}
                onChange={(ev) => setC({ eur: Number(ev.target.value) || 0 })}
                aria-label="€"
              />{' '}
              €
              <select value={c.per} onChange={(ev) => setC({ per: ev.target.value as 'month' | 'year' })}>
                <option value="month">{t('tariffs_perMonth')}</option>
                <option value="year">{t('tariffs_perYear')}</option>
              </select>
              <button
                type="button"
                onClick={() => set({ fixedCharges: list.filter((_, k) => k !== i) })}
                aria-label={t('tariffs_remove')}
              >
                ×
              </button>
            </div>
          );
        })}
        <button
          type="button"
          onClick={() =>
            set({ fixedCharges: [...(d.fixedCharges ?? []), { name: 'Messentgelt', eur: 0, per: 'month' }] })
          }
          data-testid="tariff-add-fixed"
        >
          {t('tariffs_addFixed')}
        </button>
      </fieldset>
      {d.direction === 'consumption' && (
        <>
          <Num
            label={t('tariffs_gridEnergy')}
            value={d.gridEnergyCentsPerKwh}
            onChange={(v) =>
              // The SNAP window follows the usage price it is 20 % below.
              set({
                gridEnergyCentsPerKwh: v,
                gridEnergyWindows: (d.gridEnergyWindows ?? []).map((w) => ({
                  ...w,
                  centsPerKwh: Math.round(v * 0.8 * 100) / 100,
                })),
              })
            }
          />
          <label className="inline small">
            <input
              type="checkbox"
              checked={(d.gridEnergyWindows ?? []).length > 0}
              onChange={(ev) =>
                set({
                  gridEnergyWindows: ev.target.checked
                    ? [
                        {
                          days: 'all',
                          months: [4, 5, 6, 7, 8, 9],
                          from: '10:00',
                          to: '16:00',
                          centsPerKwh: Math.round((d.gridEnergyCentsPerKwh ?? 0) * 0.8 * 100) / 100,
                        },
                      ]
                    : [],
                })
              }
              data-testid="tariff-snap"
            />{' '}
            {t('tariffs_snap', {
              price: fmtNumber(Math.round((d.gridEnergyCentsPerKwh ?? 0) * 0.8 * 100) / 100, prefs, 2),
            })}
          </label>
          <Num
            label={t('tariffs_gridLoss')}
            value={d.gridLossCentsPerKwh}
            onChange={(v) => set({ gridLossCentsPerKwh: v })}
            testId="tariff-grid-loss"
          />
          <Num
            label={t('tariffs_gridPower')}
            value={d.gridPowerEurPerKwYear}
            onChange={(v) => set({ gridPowerEurPerKwYear: v })}
          />
          <label>
            {t('tariffs_powerBasis')}
            <select
              value={d.powerBasis ?? 'mean_monthly'}
              onChange={(ev) =>
                set({ powerBasis: ev.target.value as 'monthly_peak' | 'mean_monthly' | 'mean_top3' })
              }
            >
              <option value="mean_monthly">{t('tariffs_powerBasis_mean_monthly')}</option>
              <option value="monthly_peak">{t('tariffs_powerBasis_monthly_peak')}</option>
              <option value="mean_top3">{t('tariffs_powerBasis_mean_top3')}</option>
            </select>
          </label>
          <fieldset className="levies">
            <legend>{t('tariffs_levies')}</legend>
            {d.levies.map((l, i) => {
              const setL = (patch: Partial<typeof l>) =>
                set({ levies: d.levies.map((x, k) => (k === i ? { ...x, ...patch } : x)) });
              return (
                <div key={i} className="row">
                  <input
                    value={l.name}
                    placeholder={t('tariffs_levyName')}
                    onChange={(ev) => setL({ name: ev.target.value })}
                    aria-label={t('tariffs_levyName')}
                  />
                  <input
                    type="number"
                    step={0.01}
                    value={l.centsPerKwh ?? 0}
                    onChange={(ev) => setL({ centsPerKwh: Number(ev.target.value) || 0 })}
                    aria-label={t('tariffs_cents')}
                  />{' '}
                  ct/kWh
                  <input
                    type="number"
                    step={0.1}
                    value={l.percent ?? 0}
                    onChange={(ev) => setL({ percent: Number(ev.target.value) || 0 })}
                    aria-label={t('tariffs_levyPercent')}
                  />{' '}
                  %
                  <button
                    type="button"
                    onClick={() => set({ levies: d.levies.filter((_, k) => k !== i) })}
                    aria-label={t('tariffs_remove')}
                  >
                    ×
                  </button>
                </div>
              );
            })}
            <button
              type="button"
              onClick={() =>
                set({ levies: [...d.levies, { name: 'Elektrizitätsabgabe', centsPerKwh: 1.5, percent: 0 }] })
              }
            >
              {t('tariffs_addLevy')}
            </button>
          </fieldset>
        </>
      )}
      {d.direction === 'consumption' && (
        <label>
          {t('tariffs_community')}
          <select
            value={d.community?.kind ?? ''}
            onChange={(ev) => {
              const kind = ev.target.value as 'local' | 'regional' | 'beg' | '';
              set({ community: kind ? { kind, centsPerKwh: d.community?.centsPerKwh ?? 12 } : undefined });
            }}
            data-testid="tariff-community"
          >
            <option value="">{t('tariffs_communityNone')}</option>
            <option value="local">{t('tariffs_community_local')}</option>
            <option value="regional">{t('tariffs_community_regional')}</option>
            <option value="beg">{t('tariffs_community_beg')}</option>
          </select>
        </label>
      )}
      {d.direction === 'consumption' && d.community && (
        <Num
          label={t('tariffs_communityPrice')}
          value={d.community.centsPerKwh}
          onChange={(v) => set({ community: { ...d.community!, centsPerKwh: v } })}
          testId="tariff-community-price"
        />
      )}
      <fieldset className="levies" data-testid="tariff-changes">
        <legend>{t('tariffs_changes')}</legend>
        {(d.changes ?? []).map((c, i) => {
          const list = d.changes ?? [];
          const setC = (patch: Partial<typeof c>) =>
            set({ changes: list.map((x, k) => (k === i ? { ...x, ...patch } : x)) });
          const opt = (v: string) => (v === '' ? undefined : Number(v));
          return (
            <div key={i} className="row">
              <input
                type="date"
                value={c.from}
                onChange={(ev) => setC({ from: ev.target.value })}
                aria-label={t('tariffs_changeFrom')}
              />
              {d.energy.type === 'flat' && (
                <input
                  type="number"
                  step={0.01}
                  value={c.energy?.type === 'flat' ? c.energy.centsPerKwh : ''}
                  placeholder={t('tariffs_changeEnergy')}
                  onChange={(ev) => {
                    const v = opt(ev.target.value);
                    setC({ energy: v === undefined ? undefined : { type: 'flat', centsPerKwh: v } });
                  }}
                  aria-label={t('tariffs_changeEnergy')}
                />
              )}
              <input
                type="number"
                step={0.01}
                value={c.gridEnergyCentsPerKwh ?? ''}
                placeholder={t('tariffs_changeGrid')}
                onChange={(ev) => setC({ gridEnergyCentsPerKwh: opt(ev.target.value) })}
                aria-label={t('tariffs_changeGrid')}
              />
              <input
                type="number"
                step={0.01}
                value={c.baseFeeEurPerMonth ?? ''}
                placeholder={t('tariffs_changeBaseFee')}
                onChange={(ev) => setC({ baseFeeEurPerMonth: opt(ev.target.value) })}
                aria-label={t('tariffs_changeBaseFee')}
              />
              <button
                type="button"
                onClick={() => set({ changes: list.filter((_, k) => k !== i) })}
                aria-label={t('tariffs_remove')}
              >
                ×
              </button>
            </div>
          );
        })}
        <button
          type="button"
          onClick={() => set({ changes: [...(d.changes ?? []), { from: '' }] })}
          data-testid="tariff-add-change"
        >
          {t('tariffs_addChange')}
        </button>
        {(d.changes ?? []).length > 0 && <p className="small muted">{t('tariffs_changeKeeps')}</p>}
      </fieldset>
      <Num label={t('tariffs_vat')} value={d.vatPercent} step={1} onChange={(v) => set({ vatPercent: v })} />
      <label>
        {t('tariffs_pricesEntered')}
        <select
          value={d.pricesEntered ?? 'net'}
          onChange={(ev) => set({ pricesEntered: ev.target.value as 'net' | 'gross' })}
          data-testid="tariff-prices-entered"
        >
          <option value="net">{t('tariffs_pricesNet')}</option>
          <option value="gross">{t('tariffs_pricesGross')}</option>
        </select>
        {d.energy.type === 'flat' && (
          <span className="hint" data-testid="tariff-net-gross">
            {' '}
            {t('tariffs_netGross', {
              net: fmtNumber(
                (d.pricesEntered === 'gross'
                  ? d.energy.centsPerKwh / (1 + (d.vatPercent ?? 20) / 100)
                  : d.energy.centsPerKwh) as number,
                prefs,
                2,
              ),
              gross: fmtNumber(
                (d.pricesEntered === 'gross'
                  ? d.energy.centsPerKwh
                  : d.energy.centsPerKwh * (1 + (d.vatPercent ?? 20) / 100)) as number,
                prefs,
                2,
              ),
            })}
          </span>
        )}
      </label>
      <label>
        {t('tariffs_validFrom')}
        <input
          type="date"
          value={d.validFrom ?? ''}
          onChange={(ev) => set({ validFrom: ev.target.value || null })}
        />
      </label>
      <label>
        {t('tariffs_validTo')}
        <input
          type="date"
          value={d.validTo ?? ''}
          onChange={(ev) => set({ validTo: ev.target.value || null })}
        />
      </label>
      <div className="modal-actions">
        <button type="button" onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="primary" data-testid="tariff-save">
          {t('save')}
        </button>
      </div>
    </form>
  );
}

export function TariffsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [version, setVersion] = useState(0);
  const tariffs = useResult(() => api().tariffs.list(), [version]);
  const series = useResult(() => api().prices.list(), [version]);
  const presets = useResult(() => api().tariffs.presets(), []);
  const [preset, setPreset] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    setNote(null);
    try {
      await fn();
      setVersion((v) => v + 1);
      return true;
    } catch (e) {
      setError(e);
      return false;
    }
  };
  return (
    <Modal title={t('tariffs_title')} testId="tariffs-dialog" onClose={onClose} wide>
      {draft ? (
        <TariffForm
          draft={draft}
          series={series.data ?? []}
          onCancel={() => setDraft(null)}
          onSave={(d) =>
            void act(() => unwrap(api().tariffs.save({ tariff: d }))).then((ok) => {
              if (ok) {
                setDraft(null);
                setNote(t('tariffs_saved'));
              }
            })
          }
        />
      ) : (
        <>
          <ul className="profile-list" data-testid="tariff-list">
            {(tariffs.data ?? []).map((x) => (
              <li key={x.id} data-testid="tariff-row">
                <span>
                  <strong>{x.name}</strong>{' '}
                  <span className="muted small">{t(`direction_${x.direction}`)}</span>
                  {x.isExample && <span className="badge"> {t('cost_example')}</span>}
                </span>
                <span className="row-actions">
                  <button onClick={() => setDraft({ ...x, levies: x.levies })}>{t('tariffs_edit')}</button>
                  <button onClick={() => void act(() => unwrap(api().tariffs.remove({ tariffId: x.id })))}>
                    {t('tariffs_remove')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <button onClick={() => setDraft(blank())} data-testid="tariff-new">
            {t('tariffs_new')}
          </button>
          <div className="row">
            <label>
              {t('tariffs_presets')}{' '}
              <select
                value={preset}
                onChange={(ev) => setPreset(ev.target.value)}
                data-testid="tariff-preset"
              >
                <option value="" />
                {(presets.data ?? []).map((p) => (
                  <option key={p.tariff.id} value={p.tariff.id} title={p.published}>
                    {p.tariff.name}
                  </option>
                ))}
              </select>
            </label>{' '}
            <button
              disabled={!preset}
              data-testid="tariff-preset-add"
              onClick={() => {
                const p = presets.data?.find((x) => x.tariff.id === preset);
                if (p)
                  void act(() => unwrap(api().tariffs.save({ tariff: p.tariff }))).then(
                    (ok) => ok && setNote(`${t('tariffs_saved')} ${p.tariff.source ?? ''}`),
                  );
              }}
            >
              {t('tariffs_presetAdd')}
            </button>
          </div>
          <p className="small muted">{t('tariffs_presetHint')}</p>
          <h3>{t('tariffs_prices')}</h3>
          <ul className="profile-list" data-testid="price-series-list">
            {(series.data ?? []).map((s) => (
              <li key={s.id}>
                <span>
                  <strong>{s.name}</strong>{' '}
                  <span className="muted small">
                    {t('tariffs_pricesPoints', {
                      points: s.points,
                      from: s.firstStartSec === null ? '–' : fmtDate(s.firstStartSec, prefs),
                      to: s.lastEndSec === null ? '–' : fmtDate(s.lastEndSec - 1, prefs),
                      resolution: t(s.resolutionSec === 900 ? 'tariffs_quarterHourly' : 'tariffs_hourly'),
                    })}
                  </span>
                </span>
                {!s.isExample && (
                  <span className="row-actions">
                    <button onClick={() => void act(() => unwrap(api().prices.remove({ seriesId: s.id })))}>
                      {t('tariffs_remove')}
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
          <label className="file-button">
            {t('tariffs_importPrices')}
            <input
              type="file"
              accept=".csv,.json,.txt,.xml"
              hidden
              data-testid="price-file"
              onChange={(ev) => {
                const f = ev.target.files?.[0];
                ev.target.value = '';
                if (!f) return;
                void act(async () => {
                  const r = await readForImport(f);
                  if ('tooLarge' in r)
                    throw new Error(
                      t('import_tooLargeLocal', { name: f.name, mb: Math.round(r.tooLarge / 1048576) }),
                    );
                  await unwrap(
                    api().prices.import({
                      name: f.name.replace(/\.[^.]+$/, ''),
                      fileName: f.name,
                      dataBase64: r.dataBase64,
                    }),
                  );
                });
              }}
            />
          </label>
          <p className="small muted">{t('tariffs_pricesHint')}</p>
        </>
      )}
      {note && <p className="notice small">{note}</p>}
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {tariffs.error !== null && <ErrorText error={tariffs.error} prefs={prefs} />}
      {!draft && (
        <div className="modal-actions">
          <button onClick={onClose}>{t('close')}</button>
        </div>
      )}
    </Modal>
  );
}
