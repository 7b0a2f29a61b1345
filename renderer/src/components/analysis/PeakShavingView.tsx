/**
 * Peak shaving on a consumption register (main/cost/peak-shaving.ts): for a cap in kW, the storage energy
 * and power needed to keep every quarter-hour under it, the monthly peaks before and after, and the
 * power-component savings under a tariff. The cap starts at 80 % of the highest monthly peak.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../bridge';
import { fmtMonthKey, fmtQuantity } from '../../format';
import { ErrorText } from '../ErrorText';
import { fmtEur, useTariffs } from './CostView';
import type { PeakShavingResult } from '../../../../preload/contract';
import type { ViewProps } from './types';
import { PowerScenario } from './PowerScenario';
import { useResult } from './useResult';

export function PeakShavingView({ meter, obisCode, fromSec, toSec, prefs, setExportParams }: ViewProps) {
  const { t } = useTranslation();
  const isConsumption = !obisCode.startsWith('1-1:2.');
  const peaks = useResult(
    () =>
      isConsumption
        ? api().analysis.peaks({ meterId: meter.id, obisCode, fromSec, toSec, topN: 1 })
        : Promise.resolve({ ok: true as const, data: null }),
    [meter.id, obisCode, fromSec, toSec, isConsumption],
  );
  const [cap, setCap] = useState<number | null>(null);
  const defaultCap = peaks.data?.top[0] ? Math.round(peaks.data.top[0].powerKw * 0.8 * 10) / 10 : null;
  const capKw = cap ?? defaultCap;
  const { tariffs } = useTariffs(0, meter.id);
  const powerTariffs = (tariffs ?? []).filter(
    (x) => x.commodity === 'electricity' && x.direction === 'consumption' && x.gridPowerEurPerKwYear > 0,
  );
  const [tariff, setTariff] = useState<string | null>(null);
  const tariffId = tariff ?? powerTariffs[0]?.id ?? '';
  const [own, setOwn] = useState<{ capacityKwh: number; powerKw: number } | null>(null);
  const { data: d, error } = useResult(
    () =>
      capKw === null
        ? Promise.resolve({ ok: true as const, data: null })
        : api().analysis.peakShaving({
            meterId: meter.id,
            obisCode,
            fromSec,
            toSec,
            capKw,
            battery: own ? { ...own, efficiency: 0.9 } : null,
            tariffId: tariffId || null,
          }),
    [meter.id, obisCode, fromSec, toSec, capKw, tariffId, own?.capacityKwh, own?.powerKw],
  );
  useEffect(() => {
    setExportParams({
      capKw,
      tariffId: tariffId || null,
      ...(own ? { capacityKwh: own.capacityKwh, powerKw: own.powerKw } : {}),
    });
  }, [capKw, tariffId, own, setExportParams]);
  if (!isConsumption) return <p className="muted">{t('peak_consumptionOnly')}</p>;
  if (peaks.error) return <ErrorText error={peaks.error} prefs={prefs} />;
  if (capKw === null) return <p className="muted">{t('loading')}</p>;
  return (
    <>
      <div className="battery-inputs">
        <label>
          {t('peak_cap')}
          <input
            type="number"
            min={0}
            step={0.5}
            value={capKw}
            style={{ width: 90 }}
            onChange={(e) => setCap(Math.max(0, Number(e.target.value) || 0))}
            data-testid="peak-cap"
          />
        </label>
        <label>
          {t('peak_tariff')}
          <select value={tariffId} onChange={(e) => setTariff(e.target.value)} data-testid="peak-tariff">
            <option value="">{t('battery_none')}</option>
            {powerTariffs.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={own !== null}
            onChange={(e) => setOwn(e.target.checked ? { capacityKwh: 10, powerKw: 5 } : null)}
            data-testid="peak-own-battery"
          />{' '}
          {t('peak_givenBattery')}
        </label>
        {own && (
          <>
            <label>
              {t('battery_capacity')}
              <input
                type="number"
                min={0}
                step={1}
                value={own.capacityKwh}
                style={{ width: 80 }}
                onChange={(e) => setOwn({ ...own, capacityKwh: Math.max(0, Number(e.target.value) || 0) })}
              />
            </label>
            <label>
              {t('battery_power')}
              <input
                type="number"
                min={0}
                step={0.5}
                value={own.powerKw}
                style={{ width: 80 }}
                onChange={(e) => setOwn({ ...own, powerKw: Math.max(0, Number(e.target.value) || 0) })}
              />
            </label>
          </>
        )}
      </div>
      {error ? <ErrorText error={error} prefs={prefs} /> : null}
      {!d && !error && <p className="muted">{t('loading')}</p>}
      {d && <PeakShavingFigures d={d} prefs={prefs} />}
      <PowerScenario meterId={meter.id} obisCode={obisCode} fromSec={fromSec} toSec={toSec} prefs={prefs} />
    </>
  );
}

/** What the cap needs (energy, power), the months before and after, and what it saves. */
function PeakShavingFigures({ d, prefs }: { d: PeakShavingResult; prefs: ViewProps['prefs'] }) {
  const { t } = useTranslation();
  const kw = (v: number | null) => fmtQuantity(v, 'kw', prefs);
  const kwh = (v: number) => fmtQuantity(v, 'kwh', prefs);
  return (
    <>
      <p data-testid="peak-required">
        {t('peak_required', {
          kwh: kwh(d.requiredEnergyKwh),
          kw: kw(d.requiredPowerKw),
          cap: kw(d.capKw),
        })}{' '}
        {t('peak_above', { count: d.quarterHoursAbove, kwh: kwh(d.energyAboveKwh) })}
      </p>
      {d.quarterHoursStillAbove > 0 && (
        <p className="warn" data-testid="peak-still-above">
          {t('peak_stillAbove', { count: d.quarterHoursStillAbove })}
        </p>
      )}
      <div className="table-scroll">
        <table className="data-table" data-testid="peak-months">
          <thead>
            <tr>
              <th scope="col">{t('cost_month')}</th>
              <th scope="col" className="num">
                {t('peak_before')}
              </th>
              <th scope="col" className="num">
                {t('peak_after')}
              </th>
            </tr>
          </thead>
          <tbody>
            {d.months.map((m) => (
              <tr key={m.month} className={m.partial ? 'partial' : undefined}>
                <td>{fmtMonthKey(m.month, prefs)}</td>
                <td className="num">{kw(m.peakBeforeKw)}</td>
                <td className="num">{kw(m.peakAfterKw)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{t('peak_means', { before: kw(d.meanMonthlyMaxBeforeKw), after: kw(d.meanMonthlyMaxAfterKw) })}</p>
      <p data-testid="peak-savings">
        {d.savingsEur === null
          ? t('peak_noPowerTariff')
          : t('peak_savings', { eur: fmtEur(d.savingsEur, prefs) })}
      </p>
    </>
  );
}
