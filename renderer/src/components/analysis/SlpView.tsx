/**
 * The real profile against a standard load profile (issue 47; main/slp/compare.ts): the profile
 * suggested for the meter (P25 at a site with PV, else the closest VDEW shape where clearly closer than
 * H0, else H0; why is said) or one chosen, scaled to the meter's energy on the same quarter-hours; a
 * typical day of both by day type and season as an overlay, the deviation as a heat map, the shares of
 * night, day and SNAP window, the peaks, the months, and on each tariff whose price varies in time
 * what this profile costs against the standard.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slpIds } from '../../../../preload/contract-plain';
import { api } from '../../bridge';
import { fmtQuantity } from '../../format';
import { useApp } from '../../store';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';
import { XYChart } from './XYChart';
import { SlpHeatMap } from './SlpHeatMap';
import { SlpTables } from './SlpTables';

const PROFILES = slpIds;
type Profile = (typeof PROFILES)[number];
const DAY_TYPES = ['workday', 'saturday', 'sunday_holiday'] as const;
const SEASONS = ['year', 'winter', 'transition', 'summer'] as const;

export function SlpView({ meter, obisCode, fromSec, toSec, prefs, setExportParams }: ViewProps) {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [dayType, setDayType] = useState<(typeof DAY_TYPES)[number]>('workday');
  const [season, setSeason] = useState<(typeof SEASONS)[number]>('year');
  const [version, setVersion] = useState(0);
  const { data: d, error } = useResult(
    () => api().analysis.compareSlp({ meterId: meter.id, obisCode, fromSec, toSec, profile }),
    [meter.id, obisCode, fromSec, toSec, profile, version],
  );
  useEffect(
    () => setExportParams({ profile: profile ?? d?.profile ?? null }),
    [profile, d?.profile, setExportParams],
  );
  if (obisCode.startsWith('1-1:2.') || meter.commodity === 'gas')
    return <p className="muted">{t('slp_consumptionOnly')}</p>;
  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!d) return <p className="muted">{t('loading')}</p>;
  const hours = (which: 'realKw' | 'standardKw') =>
    Array.from(
      { length: 24 },
      (_, h) =>
        (season === 'year'
          ? d.hours.find((x) => x.dayType === dayType && x.hour === h)
          : d.seasonHours.find((x) => x.season === season && x.dayType === dayType && x.hour === h))?.[
          which
        ] ?? null,
    );
  const dev = (p: string | undefined) => {
    const x = d.suggestion.fit.find((f) => f.profile === p);
    return x ? fmtQuantity(x.deviation, 'percent', prefs) : '–';
  };
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
        <label>
          {t('slp_season')}
          <select
            value={season}
            onChange={(e) => setSeason(e.target.value as (typeof SEASONS)[number])}
            data-testid="slp-season"
          >
            {SEASONS.map((x) => (
              <option key={x} value={x}>
                {t(`slp_season_${x}`)}
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
      </p>
      <p className="small" data-testid="slp-suggestion" data-suggested={d.suggestion.profile}>
        {t(`slp_suggested_${d.suggestion.reason}`, {
          profile: d.suggestion.profile,
          dev: dev(d.suggestion.profile),
          usage: t(`usage_${d.suggestion.usageClass}`),
        })}{' '}
        {d.suggestion.classFrom === 'marked'
          ? t('slp_classMarked', { usage: t(`usage_${d.suggestion.usageClass}`) })
          : t('slp_classFromEnergy', {
              usage: t(`usage_${d.suggestion.usageClass}`),
              kwh: fmtQuantity(d.suggestion.kwhPerYear, 'kwhTotal', prefs),
            })}{' '}
        <UsageClassPicker
          meterId={meter.id}
          value={meter.usageClass}
          onChange={() => setVersion((v) => v + 1)}
        />
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
      <SlpTables d={d} prefs={prefs} />
      <SlpHeatMap d={d} prefs={prefs} />
    </div>
  );
}

/** What the meter supplies, as the person marks it (the suggestion stays within the class). */
function UsageClassPicker(props: {
  meterId: string;
  value: 'household' | 'business' | 'agriculture' | null;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.value);
  return (
    <select
      aria-label={t('usage_label')}
      value={value ?? ''}
      data-testid="usage-class"
      onChange={(ev) => {
        const next = (ev.target.value || null) as typeof value;
        void api()
          .meters.setUsage({ meterId: props.meterId, usageClass: next })
          .then((r) => {
            if (!r.ok) return;
            setValue(next);
            useApp.getState().metersRequested();
            props.onChange();
          });
      }}
    >
      <option value="">{t('usage_auto')}</option>
      <option value="household">{t('usage_household')}</option>
      <option value="business">{t('usage_business')}</option>
      <option value="agriculture">{t('usage_agriculture')}</option>
    </select>
  );
}
