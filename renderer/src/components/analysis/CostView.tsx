/**
 * What the register's quarter-hours cost under several tariffs side by side (the cheapest fully priced
 * one marked), and per calendar month and component for the tariff picked; for spot tariffs the share
 * of the cost in each day's most expensive hours and what shifting some of it would save. All figures
 * from main (main/cost/cost.ts); the components add up to the totals to the cent.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CostResult, Tariff } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtDate, fmtQuantity, type FormatPrefs } from '../../format';
import { useApp } from '../../store';
import { ErrorText } from '../ErrorText';
import { BillDialog } from './BillDialog';
import { TariffsDialog } from './TariffsDialog';
import type { ViewProps } from './types';
import { useResult } from './useResult';

export function fmtEur(v: number | null, prefs: FormatPrefs): string {
  if (v === null) return '–';
  return new Intl.NumberFormat(prefs.locale, { style: 'currency', currency: 'EUR' }).format(v);
}

/** The tariffs of the profile, reloaded when the dialog changes them. */
export function useTariffs(version: number): { tariffs: Tariff[] | null; error: unknown } {
  const { data, error } = useResult(() => api().tariffs.list(), [version]);
  return { tariffs: data, error };
}

function MonthTable({ t, prefs }: { t: CostResult['tariffs'][number]; prefs: FormatPrefs }) {
  const { t: tr } = useTranslation();
  const e = (v: number) => fmtEur(v, prefs);
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="cost-months">
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
            <th scope="col" className="num">
              {tr('cost_gridPower')}
            </th>
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
                {m.month}
                {m.monthShare < 1 && (
                  <span className="small muted">
                    {' '}
                    {tr('cost_partialMonth', { share: fmtQuantity(m.monthShare, 'percent', prefs) })}
                  </span>
                )}
                {m.unpricedQuarterHours > 0 && (
                  <span className="small warn">
                    {' '}
                    {tr('cost_incomplete', { count: m.unpricedQuarterHours })}
                  </span>
                )}
              </td>
              <td className="num">{fmtQuantity(m.kwh, 'kwhTotal', prefs, false)}</td>
              <td className="num">{e(m.energyEur)}</td>
              <td className="num">{e(m.baseFeeEur)}</td>
              <td className="num">{e(m.gridEnergyEur)}</td>
              <td className="num">{e(m.gridPowerEur)}</td>
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
            <td className="num">{e(t.total.gridPowerEur)}</td>
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

export function CostView({ meter, obisCode, fromSec, toSec, prefs, setExportParams }: ViewProps) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState(false);
  const [billOpen, setBillOpen] = useState(false);
  const { tariffs, error: tariffsError } = useTariffs(version);
  const direction = obisCode.startsWith('1-1:2.') ? 'feed_in' : 'consumption';
  // A gas meter is offered gas tariffs only, an electricity meter electricity tariffs only.
  const commodity = meter.commodity === 'gas' ? 'gas' : 'electricity';
  const offered = useMemo(
    () => (tariffs ?? []).filter((x) => x.direction === direction && x.commodity === commodity),
    [tariffs, direction, commodity],
  );
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = (picked ?? offered.map((x) => x.id))
    .filter((id) => offered.some((x) => x.id === id))
    .slice(0, 10);
  const [shown, setShown] = useState<string | null>(null);
  const [shift, setShift] = useState(10);
  const [siteWide, setSiteWide] = useState(false);
  // "The whole site" belongs to one meter: it does not survive a switch to another meter.
  useEffect(() => setSiteWide(false), [meter.id]);
  const allMeters = useApp((s) => s.meters);
  const siteCount = useMemo(
    () =>
      allMeters.filter(
        (m) =>
          m.siteId !== null &&
          m.siteId === meter.siteId &&
          m.energyDirection === direction &&
          (m.commodity === 'gas' ? 'gas' : 'electricity') === commodity,
      ).length,
    [allMeters, meter.siteId, direction, commodity],
  );
  const [result, setResult] = useState<{ data: CostResult | null; error: unknown }>({
    data: null,
    error: null,
  });
  const key = chosen.join(',');
  useEffect(() => {
    setExportParams({ tariffIds: key, shiftPercent: shift, siteWide: siteWide ? 1 : 0 });
    if (!key) return setResult({ data: null, error: null });
    let live = true;
    unwrap(
      api().analysis.cost({
        meterId: meter.id,
        obisCode,
        fromSec,
        toSec,
        tariffIds: key.split(','),
        shiftPercent: shift,
        siteWide,
      }),
    ).then(
      (data) => live && setResult({ data, error: null }),
      (error: unknown) => live && setResult({ data: null, error }),
    );
    return () => {
      live = false;
    };
  }, [meter.id, obisCode, fromSec, toSec, key, shift, siteWide, setExportParams]);

  if (tariffsError) return <ErrorText error={tariffsError} prefs={prefs} />;
  if (!tariffs) return <p className="muted">{t('loading')}</p>;
  const d = result.data;
  const detail = d?.tariffs.find((x) => x.tariffId === (shown ?? d.bestTariffId ?? d.tariffs[0]?.tariffId));
  return (
    <>
      <fieldset className="cost-pick">
        <legend>{t('cost_pickTariffs')}</legend>
        {offered.length === 0 && (
          <p className="muted" data-testid="cost-no-tariffs">
            {commodity === 'gas' ? t('cost_noGasTariffs') : t('cost_noTariffs')}
          </p>
        )}
        {offered.map((x) => (
          <label key={x.id} className="inline">
            <input
              type="checkbox"
              checked={chosen.includes(x.id)}
              data-testid="cost-tariff-pick"
              data-tariff={x.id}
              onChange={(e) =>
                setPicked(e.target.checked ? [...chosen, x.id] : chosen.filter((id) => id !== x.id))
              }
            />{' '}
            {x.name}
            {x.isExample && <span className="badge"> {t('cost_example')}</span>}
          </label>
        ))}
        {siteCount > 1 && (
          <label className="inline">
            <input
              type="checkbox"
              checked={siteWide}
              onChange={(e) => setSiteWide(e.target.checked)}
              data-testid="cost-site-wide"
            />{' '}
            {t('cost_siteWide', { count: siteCount })}
          </label>
        )}
        <button onClick={() => setDialog(true)} data-testid="manage-tariffs">
          {t('cost_manageTariffs')}
        </button>
      </fieldset>
      {offered.some((x) => x.isExample) && <p className="small muted">{t('cost_exampleNote')}</p>}
      {result.error !== null && <ErrorText error={result.error} prefs={prefs} />}
      {key && !d && result.error === null && <p className="muted">{t('loading')}</p>}
      {d && (
        <>
          <p className="small" data-testid="cost-kwh">
            {t('cost_kwhNote', { kwh: fmtQuantity(d.kwh, 'kwhTotal', prefs) })}{' '}
            {d.clampedToData &&
              t('cost_span', { from: fmtDate(d.fromSec, prefs), to: fmtDate(d.toSec - 1, prefs) })}{' '}
            {d.direction === 'feed_in' && t('cost_feedInNote')}{' '}
            {d.site &&
              t('cost_siteMeters', {
                meters: d.site.meters
                  .map((m) => `${m.label ?? m.meterId} (${fmtQuantity(m.kwh, 'kwhTotal', prefs)})`)
                  .join(', '),
              })}
          </p>
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
                    className={x.tariffId === detail?.tariffId ? 'selected' : undefined}
                    data-testid="cost-compare-row"
                    data-tariff={x.tariffId}
                    data-best={x.tariffId === d.bestTariffId ? 'true' : undefined}
                  >
                    <td>
                      <button className="link" onClick={() => setShown(x.tariffId)}>
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
                      {x.unpricedQuarterHours > 0 && (
                        <span className="small warn">
                          {' '}
                          {t('cost_incomplete', { count: x.unpricedQuarterHours })}
                        </span>
                      )}
                      {x.outsideValidity > 0 && (
                        <span className="small warn"> {t('cost_outside', { count: x.outsideValidity })}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {d.direction === 'consumption' && d.meanMonthlyMaxKw !== null && (
            <p className="small muted">
              {t('cost_powerBasis', {
                kw: fmtQuantity(d.meanMonthlyMaxKw, 'kw', prefs),
                basis: t(`cost_basis_${d.meanBasis}`),
              })}
            </p>
          )}
          {detail && (
            <>
              <h3>{t('cost_monthlyOf', { name: detail.name })}</h3>
              <MonthTable t={detail} prefs={prefs} />
              <p className="small muted">{t('cost_grossNote')}</p>
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
              {!d.site && (
                <button onClick={() => setBillOpen(true)} data-testid="bill-open">
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
          )}
        </>
      )}
      {billOpen && detail && (
        <BillDialog
          meterId={meter.id}
          obisCode={obisCode}
          fromSec={d?.fromSec ?? fromSec}
          toSec={d?.toSec ?? toSec}
          tariffs={offered}
          tariffId={detail.tariffId}
          prefs={prefs}
          onClose={() => setBillOpen(false)}
        />
      )}
      {dialog && (
        <TariffsDialog
          onClose={() => {
            setDialog(false);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </>
  );
}
