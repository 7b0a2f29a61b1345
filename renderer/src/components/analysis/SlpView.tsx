/**
 * The real profile against a standard load profile (issue 47; main/slp/compare.ts): the profile
 * suggested for the meter (P25 at a site with PV, else H0) or one chosen, scaled to the meter's energy
 * on the same quarter-hours; a typical workday of both as an overlay, the shares of night, day and SNAP
 * window, the peaks, the months, and on each spot tariff what this profile costs against the standard.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slpIds } from '../../../../preload/contract-plain';
import { api } from '../../bridge';
import { fmtMonthKey, fmtQuantity } from '../../format';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';
import { XYChart } from './XYChart';

const PROFILES = slpIds;
type Profile = (typeof PROFILES)[number];
const DAY_TYPES = ['workday', 'saturday', 'sunday_holiday'] as const;

export function SlpView({ meter, obisCode, fromSec, toSec, prefs, setExportParams }: ViewProps) {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [dayType, setDayType] = useState<(typeof DAY_TYPES)[number]>('workday');
  const { data: d, error } = useResult(
    () => api().analysis.compareSlp({ meterId: meter.id, obisCode, fromSec, toSec, profile }),
    [meter.id, obisCode, fromSec, toSec, profile],
  );
  useEffect(
    () => setExportParams({ profile: profile ?? d?.profile ?? null }),
    [profile, d?.profile, setExportParams],
  );
  if (obisCode.startsWith('1-1:2.') || meter.commodity === 'gas')
    return <p className="muted">{t('slp_consumptionOnly')}</p>;
  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!d) return <p className="muted">{t('loading')}</p>;
  const pct = (v: number | null) => fmtQuantity(v, 'percent', prefs);
  const hours = (which: 'realKw' | 'standardKw') =>
    Array.from(
      { length: 24 },
      (_, h) => d.hours.find((x) => x.dayType === dayType && x.hour === h)?.[which] ?? null,
    );
  return (
    <div
      data-testid="slp-view"
      data-profile={d.profile}
      data-from-sec={d.frame.fromSec}
      data-to-sec={d.frame.toSec}
    >
      <div className="battery-inputs">
        <label>
          {t('slp_profile')}
          <select
            value={profile ?? d.profile}
            onChange={(e) => setProfile(e.target.value as Profile)}
            data-testid="slp-profile"
          >
            {PROFILES.map((p) => (
              <option key={p} value={p}>
                {t(`slp_${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('slp_dayType')}
          <select value={dayType} onChange={(e) => setDayType(e.target.value as (typeof DAY_TYPES)[number])}>
            {DAY_TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`slp_day_${x}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="small muted">
        {t('slp_scaled', {
          profile: d.profile,
          kwh: fmtQuantity(d.kwh, 'kwhTotal', prefs),
          n: fmtQuantity(d.readings, 'count', prefs),
          source: d.source,
        })}
        {profile === null && ` ${t('slp_suggested')}`}
      </p>
      <XYChart
        testId="slp-chart"
        xs={Array.from({ length: 24 }, (_, i) => i)}
        series={[
          { label: t('slp_meter'), values: hours('realKw') },
          { label: d.profile, values: hours('standardKw') },
        ]}
        xName={t('slp_hour')}
        xLabel={(v) => `${String(Math.round(v)).padStart(2, '0')}:00`}
        yLabel="kW"
        yValue={(v) => fmtQuantity(v, 'kw', prefs, false)}
      />
      <table className="grid-table" data-testid="slp-shares">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col" className="num">
              {t('slp_meter')}
            </th>
            <th scope="col" className="num">
              {d.profile}
            </th>
          </tr>
        </thead>
        <tbody>
          {(['night', 'day', 'snap'] as const).map((w) => (
            <tr
              key={w}
              data-testid={`slp-share-${w}`}
              data-real={d.shares[w].real ?? ''}
              data-standard={d.shares[w].standard ?? ''}
            >
              <th scope="row">{t(`slp_share_${w}`)}</th>
              <td className="num">{pct(d.shares[w].real)}</td>
              <td className="num">{pct(d.shares[w].standard)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('slp_peak')}</th>
            <td className="num">{fmtQuantity(d.peakKw.real, 'kw', prefs)}</td>
            <td className="num">{fmtQuantity(d.peakKw.standard, 'kw', prefs)}</td>
          </tr>
          {d.months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{fmtMonthKey(m.month, prefs)}</th>
              <td className="num">{fmtQuantity(m.real, 'kwhTotal', prefs)}</td>
              <td className="num">{fmtQuantity(m.standard, 'kwhTotal', prefs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.spot.length === 0 ? (
        <p className="small muted">{t('slp_noSpot')}</p>
      ) : (
        <ul className="small" data-testid="slp-spot">
          {d.spot.map((s) => (
            <li key={s.tariffId} data-difference={s.differenceCtPerKwh}>
              {t(s.differenceCtPerKwh <= 0 ? 'slp_spotLess' : 'slp_spotMore', {
                tariff: s.tariff,
                profile: d.profile,
                ct: fmtQuantity(Math.abs(s.differenceCtPerKwh), 'cents', prefs),
                real: fmtQuantity(s.realCtPerKwh, 'cents', prefs),
                standard: fmtQuantity(s.standardCtPerKwh, 'cents', prefs),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
