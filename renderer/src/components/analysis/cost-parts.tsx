/** The cost view's tables: the tariffs compared, one tariff's months and its detail (cost/). */
import { useTranslation } from 'react-i18next';
import type { CostResult } from '../../../../preload/contract';
import { fmtMonthKey, fmtQuantity, type FormatPrefs } from '../../format';
import { fmtEur } from './cost-format';

export function MonthTable({ t, prefs }: { t: CostResult['tariffs'][number]; prefs: FormatPrefs }) {
  const { t: tr } = useTranslation();
  const e = (v: number) => fmtEur(v, prefs);
  // A tariff without a power price has no power column (issue 64: at 1024 px the columns that matter,
  // VAT, total and ct/kWh, were behind a horizontal scroll); a month's notes go under its name.
  const power = t.total.gridPowerEur !== 0 || t.months.some((m) => m.gridPowerEur !== 0);
  return (
    <div className="table-scroll">
      <table className="data-table compact" data-testid="cost-months">
        <thead>
          <tr>
            <th scope="col">{tr('cost_month')}</th>
            <th scope="col" className="num">
              kWh
            </th>
            <th scope="col" className="num">
              {tr('cost_energy')}
            </th>
            <th scope="col" className="num">
              {tr('cost_baseFee')}
            </th>
            <th scope="col" className="num">
              {tr('cost_gridEnergy')}
            </th>
            {power && (
              <th scope="col" className="num">
                {tr('cost_gridPower')}
              </th>
            )}
            <th scope="col" className="num">
              {tr('cost_levies')}
            </th>
            <th scope="col" className="num">
              {tr('cost_vat')}
            </th>
            <th scope="col" className="num">
              {tr('cost_total')}
            </th>
            <th scope="col" className="num">
              {tr('cost_perKwh')}
            </th>
          </tr>
        </thead>
        <tbody>
          {t.months.map((m) => (
            <tr key={m.month} data-testid="cost-month-row">
              <td>
                {fmtMonthKey(m.month, prefs)}
                {m.monthShare < 1 && (
                  <span className="small muted block">
                    {tr('cost_partialMonth', { share: fmtQuantity(m.monthShare, 'percent', prefs) })}
                  </span>
                )}
                {m.unpricedQuarterHours > 0 && (
                  <span className="small warn block">
                    {tr('cost_incomplete', { count: m.unpricedQuarterHours })}
                  </span>
                )}
              </td>
              <td className="num">{fmtQuantity(m.kwh, 'kwhTotal', prefs, false)}</td>
              <td className="num">{e(m.energyEur)}</td>
              <td className="num">{e(m.baseFeeEur)}</td>
              <td className="num">{e(m.gridEnergyEur)}</td>
              {power && <td className="num">{e(m.gridPowerEur)}</td>}
              <td className="num">{e(m.leviesEur)}</td>
              <td className="num">{e(m.vatEur)}</td>
              <td className="num">
                <strong>{e(m.totalEur)}</strong>
              </td>
              <td className="num">
                {m.meanCentsPerKwh === null ? '–' : fmtQuantity(m.meanCentsPerKwh, 'cents', prefs, false)}
              </td>
            </tr>
          ))}
          <tr className="total-row" data-testid="cost-total-row">
            <th scope="row">{tr('cost_total')}</th>
            <td className="num">
              {fmtQuantity(
                t.months.reduce((a, m) => a + m.kwh, 0),
                'kwhTotal',
                prefs,
                false,
              )}
            </td>
            <td className="num">{e(t.total.energyEur)}</td>
            <td className="num">{e(t.total.baseFeeEur)}</td>
            <td className="num">{e(t.total.gridEnergyEur)}</td>
            {power && <td className="num">{e(t.total.gridPowerEur)}</td>}
            <td className="num">{e(t.total.leviesEur)}</td>
            <td className="num">{e(t.total.vatEur)}</td>
            <td className="num">
              <strong>{e(t.total.totalEur)}</strong>
            </td>
            <td className="num">
              {t.total.meanCentsPerKwh === null
                ? '–'
                : fmtQuantity(t.total.meanCentsPerKwh, 'cents', prefs, false)}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The tariffs side by side: total, mean price, the cheapest (or best paid) marked, what is incomplete. */
export function CompareTable(props: {
  d: CostResult;
  shown: string | undefined;
  onShow: (tariffId: string) => void;
  prefs: FormatPrefs;
}) {
  const { t } = useTranslation();
  const { d, shown, onShow, prefs } = props;
  return (
    <div className="table-scroll">
      <table
        className="data-table"
        data-testid="cost-compare"
        data-from-sec={d.fromSec}
        data-to-sec={d.toSec}
      >
        <thead>
          <tr>
            <th scope="col">{t('cost_tariff')}</th>
            <th scope="col" className="num">
              {t('cost_total')}
            </th>
            <th scope="col" className="num">
              {t('cost_perKwh')}
            </th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {d.tariffs.map((x) => (
            <tr
              key={x.tariffId}
              className={x.tariffId === shown ? 'selected' : undefined}
              data-testid="cost-compare-row"
              data-tariff={x.tariffId}
              data-best={x.tariffId === d.bestTariffId ? 'true' : undefined}
            >
              <td>
                <button className="link" onClick={() => onShow(x.tariffId)}>
                  {x.name}
                </button>
              </td>
              <td className="num" data-testid="cost-total" data-eur={x.total.totalEur}>
                {fmtEur(x.total.totalEur, prefs)}
              </td>
              <td className="num">
                {x.total.meanCentsPerKwh === null
                  ? '–'
                  : fmtQuantity(x.total.meanCentsPerKwh, 'cents', prefs, false)}
              </td>
              <td>
                {x.tariffId === d.bestTariffId && (
                  <span className="badge ok">
                    {d.direction === 'feed_in' ? t('cost_bestRevenue') : t('cost_cheapest')}
                  </span>
                )}
                {/* A quarter-hour outside the validity has no price either: each said once. */}
                {x.unpricedQuarterHours > x.outsideValidity && (
                  <span className="small warn">
                    {' '}
                    {t('cost_incomplete', { count: x.unpricedQuarterHours - x.outsideValidity })}
                  </span>
                )}
                {x.unpricedQuarterHours > x.outsideValidity && x.outsideValidity > 0 && ' ·'}
                {x.outsideValidity > 0 && (
                  <span className="small warn"> {t('cost_outside', { count: x.outsideValidity })}</span>
                )}
                {/* A part of a bill (a supplier's offer, a grid preset) is said as one: never the cheapest. */}
                {(x.lacks?.length ?? 0) > 0 && (
                  <span className="small muted" data-testid="cost-part">
                    {' '}
                    {t('cost_partLacks', { parts: x.lacks!.map((p) => t(`billPart_${p}`)).join(', ') })}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One tariff's months, its price series, the bill comparison and, for spot, what shifting saves. */
export function TariffDetail(props: {
  detail: CostResult['tariffs'][number];
  prefs: FormatPrefs;
  shift: number;
  onShift: (percent: number) => void;
  onBill: (() => void) | null;
}) {
  const { t } = useTranslation();
  const { detail, prefs, shift, onBill } = props;
  const setShift = props.onShift;
  return (
    <>
      <h3>{t('cost_monthlyOf', { name: detail.name })}</h3>
      <MonthTable t={detail} prefs={prefs} />
      <p className="small muted">{t('cost_grossNote')}</p>
      {detail.parts && <CombinedParts detail={detail} prefs={prefs} />}
      {detail.series.length > 0 && (
        <p className="small" data-testid="cost-series">
          {detail.series
            .map((s) =>
              t(s.fromDay ? 'cost_seriesFrom' : 'cost_series', {
                series: s.seriesId,
                resolution: t(s.resolutionSec === 900 ? 'tariffs_quarterHourly' : 'tariffs_hourly'),
                from: s.fromDay ? s.fromDay.split('-').reverse().join('.') : '',
              }),
            )
            .join('; ')}
        </p>
      )}
      {onBill && (
        <button onClick={onBill} data-testid="bill-open">
          {t('bill_open')}
        </button>
      )}
      {detail.spot && (
        <p data-testid="cost-spot">
          {t('cost_spot', { share: fmtQuantity(detail.spot.expensiveShare, 'percent', prefs) })}{' '}
          <label className="inline">
            {t('cost_shift')}{' '}
            <input
              type="number"
              min={0}
              max={100}
              step={5}
              value={shift}
              style={{ width: 64 }}
              onChange={(e) => setShift(Math.max(0, Math.min(100, Number(e.target.value) || 0)))}
              data-testid="cost-shift"
            />{' '}
            %
          </label>{' '}
          {t('cost_shiftSavings', {
            percent: fmtQuantity(detail.spot.shiftPercent / 100, 'percent', prefs),
            eur: fmtEur(detail.spot.shiftSavingsEur, prefs),
          })}
        </p>
      )}
    </>
  );
}

/** A combined tariff's parts: each with its validity, its total and the quarter-hours it left out. */
function CombinedParts(props: { detail: CostResult['tariffs'][number]; prefs: FormatPrefs }) {
  const { t } = useTranslation();
  const { detail, prefs } = props;
  const day = (d: string | null) => (d ? d.split('-').reverse().join('.') : '…');
  return (
    <>
      <h4>{t('cost_parts', { name: detail.name })}</h4>
      {detail.outsideValidity > 0 && <p className="small warn">{t('cost_partsPartial')}</p>}
      <table className="data compact" data-testid="cost-parts">
        <tbody>
          {(detail.parts ?? []).map((p) => (
            <tr key={p.role} data-testid="cost-part" data-role={p.role} data-eur={p.totalEur}>
              <td>{t(`combine_${p.role}`)}</td>
              <td>{p.name}</td>
              <td>{t('cost_partValid', { from: day(p.validFrom), to: day(p.validTo) })}</td>
              <td className="num">{fmtEur(p.totalEur, prefs)}</td>
              <td>
                {p.outsideValidity > 0 && (
                  <span className="small warn" data-testid="cost-part-outside" data-count={p.outsideValidity}>
                    {t('cost_partOutside', { count: p.outsideValidity })}
                  </span>
                )}
                {p.unpricedQuarterHours > p.outsideValidity && (
                  <span className="small warn">
                    {' '}
                    {t('cost_incomplete', { count: p.unpricedQuarterHours - p.outsideValidity })}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
