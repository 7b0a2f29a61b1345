/**
 * A home battery on the site's real import and export (main/cost/battery.ts): the figures for the size
 * chosen, the savings under the tariffs chosen, and a sweep of sizes as a curve with its knee marked.
 * Says plainly what grid meters cannot show.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../bridge';
import { fmtDate, fmtNumber, fmtPercent, fmtQuantity } from '../../format';
import { useApp } from '../../store';
import { ErrorText } from '../ErrorText';
import { fmtEur, useTariffs } from './CostView';
import type { BatteryResult } from '../../../../preload/contract';
import type { ViewProps } from './types';
import { useResult } from './useResult';
import { XYChart } from './XYChart';

const numberInput = (
  value: number,
  set: (v: number) => void,
  min: number,
  max: number,
  step: number,
  testId: string,
) => (
  <input
    type="number"
    min={min}
    max={max}
    step={step}
    value={value}
    style={{ width: 80 }}
    data-testid={testId}
    onChange={(e) => {
      const v = Number(e.target.value);
      if (Number.isFinite(v)) set(Math.max(min, Math.min(max, v)));
    }}
  />
);

export function BatteryView({ meter, fromSec, toSec, prefs, setExportParams }: ViewProps) {
  const { t } = useTranslation();
  const [capacity, setCapacity] = useState(10);
  const [power, setPower] = useState(5);
  const [efficiency, setEfficiency] = useState(90);
  const [minSoc, setMinSoc] = useState(10);
  const { tariffs } = useTariffs(0, meter.id);
  const [cons, setCons] = useState<string | null>(null);
  const [feed, setFeed] = useState<string | null>(null);
  // The first tariff of each direction unless the person picks another (or none).
  // An electricity battery is priced with electricity tariffs only (a gas tariff priced it before).
  const powerTariffs = tariffs?.filter((x) => x.commodity === 'electricity');
  const consId = cons ?? powerTariffs?.find((x) => x.direction === 'consumption')?.id ?? '';
  const feedId = feed ?? powerTariffs?.find((x) => x.direction === 'feed_in')?.id ?? '';
  const allMeters = useApp((s) => s.meters);
  const siteMeters = useMemo(
    () => allMeters.filter((m) => m.siteId !== null && m.siteId === meter.siteId),
    [allMeters, meter.siteId],
  );
  // A battery needs both sides of the grid connection metered at the site: on two meters, or one
  // meter with both registers (main/db/site-registers.ts decides the same way).
  const has = (prefix: string, direction: string) =>
    siteMeters.some((m) =>
      m.registers.some(
        (r) => r === `${prefix} G.01` || (r.startsWith(prefix) && m.energyDirection === direction),
      ),
    );
  const siteId = has('1-1:1.9.0', 'consumption') && has('1-1:2.9.0', 'feed_in') ? meter.siteId : null;
  const params = {
    siteId: siteId ?? '',
    fromSec,
    toSec,
    capacityKwh: capacity,
    powerKw: power,
    efficiency: efficiency / 100,
    minSocPercent: minSoc,
    consumptionTariffId: consId || null,
    feedInTariffId: feedId || null,
    sweepMaxKwh: 20,
  };
  const { data: d, error } = useResult(
    () =>
      siteId && tariffs ? api().analysis.battery(params) : Promise.resolve({ ok: true as const, data: null }),
    [siteId, fromSec, toSec, capacity, power, efficiency, minSoc, consId, feedId, tariffs],
  );
  useEffect(() => {
    setExportParams({ ...params });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the inputs listed are what the params hold
  }, [siteId, fromSec, toSec, capacity, power, efficiency, minSoc, consId, feedId, setExportParams]);
  if (!siteId) return <p className="muted">{t('battery_noSite')}</p>;
  const withTariff = !!(consId || feedId);
  return (
    <>
      <div className="battery-inputs">
        <label>
          {t('battery_capacity')} {numberInput(capacity, setCapacity, 0, 1000, 1, 'battery-capacity')}
        </label>
        <label>
          {t('battery_power')} {numberInput(power, setPower, 0, 1000, 0.5, 'battery-power')}
        </label>
        <label>
          {t('battery_efficiency')} {numberInput(efficiency, setEfficiency, 50, 100, 1, 'battery-efficiency')}
        </label>
        <label>
          {t('battery_minSoc')} {numberInput(minSoc, setMinSoc, 0, 90, 5, 'battery-min-soc')}
        </label>
        <label>
          {t('battery_consumptionTariff')}
          <select value={consId} onChange={(e) => setCons(e.target.value)} data-testid="battery-tariff">
            <option value="">{t('battery_none')}</option>
            {(powerTariffs ?? [])
              .filter((x) => x.direction === 'consumption')
              .map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
          </select>
        </label>
        <label>
          {t('battery_feedInTariff')}
          <select
            value={feedId}
            onChange={(e) => setFeed(e.target.value)}
            data-testid="battery-feed-in-tariff"
          >
            <option value="">{t('battery_none')}</option>
            {(powerTariffs ?? [])
              .filter((x) => x.direction === 'feed_in')
              .map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
          </select>
        </label>
      </div>
      {error ? <ErrorText error={error} prefs={prefs} /> : null}
      {!d && !error && <p className="muted">{t('loading')}</p>}
      {d && <BatteryFigures d={d} prefs={prefs} withTariff={withTariff} />}
    </>
  );
}

/** The battery's effect, its warnings and the size sweep with its knee. */
function BatteryFigures(props: { d: BatteryResult; prefs: ViewProps['prefs']; withTariff: boolean }) {
  const { t } = useTranslation();
  const { d, prefs, withTariff } = props;
  const kwh = (v: number) => fmtQuantity(v, 'kwhTotal', prefs);
  return (
    <>
      <dl className="figures" data-testid="battery-figures" data-from-sec={d.fromSec} data-to-sec={d.toSec}>
        {(
          [
            ['battery_importBefore', kwh(d.importBeforeKwh), null],
            ['battery_importAfter', kwh(d.importAfterKwh), 'battery-import-after'],
            ['battery_exportBefore', kwh(d.exportBeforeKwh), null],
            ['battery_exportAfter', kwh(d.exportAfterKwh), null],
            ['battery_gained', kwh(d.selfConsumptionGainedKwh), null],
            ['battery_cycles', fmtQuantity(d.fullCycles, 'hours', prefs, false), null],
          ] as const
        ).map(([label, value, testId]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd data-testid={testId ?? undefined}>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('battery_savingsGross')}</dt>
          <dd data-testid="battery-savings" data-eur={d.savingsEur ?? undefined}>
            {d.savingsEur === null ? '–' : fmtEur(d.savingsEur, prefs)}
          </dd>
        </div>
      </dl>
      {d.savingsEur === null && <p className="small muted">{t('battery_savingsNone')}</p>}
      <p className="small">
        {t('cost_span', { from: fmtDate(d.fromSec, prefs), to: fmtDate(d.toSec - 1, prefs) })}{' '}
        {t('battery_lowerBound')}
      </p>
      {d.warnings.map((w) => (
        <p key={w.code} className="small warn" data-testid={`battery-warning-${w.code}`}>
          {w.code === 'not_netted'
            ? t('battery_notNetted', { percent: fmtPercent(w.share, prefs), count: w.quarterHours })
            : w.code === 'little_data'
              ? t('battery_littleData', {
                  missing: fmtNumber(w.missing, prefs, 0),
                  total: fmtNumber(w.quarterHours, prefs, 0),
                })
              : t('battery_implausibleCycles', { cycles: fmtNumber(w.cyclesPerYear, prefs, 0) })}
        </p>
      ))}
      {d.missingQuarterHours > 0 && (
        <p className="small warn" data-testid="battery-missing">
          {t('battery_missing', { count: d.missingQuarterHours })}
        </p>
      )}
      <h3>{t('battery_sweep')}</h3>
      <p data-testid="battery-knee">
        {d.kneeCapacityKwh === null
          ? t('battery_noKnee')
          : t('battery_knee', { kwh: kwh(d.kneeCapacityKwh) })}
      </p>
      <XYChart
        testId="battery-sweep"
        xs={d.sweep.map((s) => s.capacityKwh)}
        series={[
          withTariff
            ? { label: t('battery_sweepSavings'), values: d.sweep.map((s) => s.savingsEur) }
            : { label: t('battery_sweepGained'), values: d.sweep.map((s) => s.selfConsumptionGainedKwh) },
        ]}
        xName={t('battery_capacity')}
        xLabel={(v) => `${fmtQuantity(v, 'hours', prefs, false)} kWh`}
        yLabel={withTariff ? 'EUR' : 'kWh'}
        yValue={(v) => fmtQuantity(v, 'count', prefs, false)}
        markX={d.kneeCapacityKwh}
      />
    </>
  );
}
