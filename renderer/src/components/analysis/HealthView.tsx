/**
 * Data health: a calendar of the range (weeks across, weekdays down, with month and weekday labels),
 * days with gaps, implausible values and their corrections, changes since the last export.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HealthResult } from '../../../../preload/contract';
import { api } from '../../bridge';
import { dateFormat, fmtDateTime, fmtDayKey, fmtQuantity, type FormatPrefs } from '../../format';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';

const CELL = 14;

export function Calendar({
  data,
  prefs,
  testId,
}: {
  data: HealthResult;
  prefs: FormatPrefs;
  testId: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c || data.days.length === 0) return;
    const left = 28;
    const top = 16;
    // Monday = 0 … Sunday = 6 of each day (from its calendar date; no time zone involved).
    const weekday = (key: string) => (new Date(`${key}T12:00:00Z`).getUTCDay() + 6) % 7;
    const first = weekday(data.days[0]!.day);
    const weeks = Math.ceil((data.days.length + first) / 7);
    c.width = left + weeks * CELL + 4;
    c.height = top + 7 * CELL + 2;
    const g = c.getContext('2d');
    if (!g) return;
    const fg = getComputedStyle(c).getPropertyValue('--fg-muted').trim() || '#5b6576';
    g.font = '10px system-ui, sans-serif';
    g.fillStyle = fg;
    const wd = dateFormat(prefs.locale, { weekday: 'short', timeZone: 'UTC' });
    for (const row of [0, 2, 4])
      g.fillText(wd.format(new Date(Date.UTC(2024, 0, 1 + row, 12))), 0, top + row * CELL + 10);
    const month = dateFormat(prefs.locale, { month: 'short', timeZone: 'UTC' });
    data.days.forEach((d, i) => {
      const k = i + first;
      const col = Math.floor(k / 7);
      const row = k % 7;
      if (d.day.endsWith('-01') || i === 0) {
        g.fillStyle = fg;
        g.fillText(month.format(new Date(`${d.day}T12:00:00Z`)), left + col * CELL, top - 4);
      }
      const share = d.expected ? d.received / d.expected : 0;
      g.fillStyle =
        share >= 1
          ? d.estimated + d.unreliable > 0
            ? '#E69F00'
            : '#009E73'
          : share > 0
            ? '#F0E442'
            : '#bbbbbb';
      g.fillRect(left + col * CELL, top + row * CELL, CELL - 2, CELL - 2);
      if (d.unreliable > 0) {
        g.strokeStyle = '#CC79A7';
        g.strokeRect(left + col * CELL + 1, top + row * CELL + 1, CELL - 4, CELL - 4);
      }
    });
  }, [data, prefs]);
  return (
    <canvas
      ref={ref}
      className="calendar"
      data-testid={testId}
      role="img"
      aria-label={`Data health calendar, ${data.days.length} days`}
    />
  );
}

export function HealthView({ meter, obisCode, fromSec, toSec, prefs }: ViewProps) {
  const { t } = useTranslation();
  const { data: d, error } = useResult(
    () => api().analysis.health({ meterId: meter.id, obisCode, fromSec, toSec }),
    [meter.id, obisCode, fromSec, toSec],
  );
  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!d) return <p className="muted">{t('loading')}</p>;
  return (
    <>
      <Calendar data={d} prefs={prefs} testId="health-calendar" />
      <p className="small muted">{t('healthLegend')}</p>
      <p>
        {t('gapDays')}:{' '}
        {d.gapDays.length
          ? d.gapDays
              .slice(0, 20)
              .map((x) => fmtDayKey(x, prefs))
              .join(', ') + (d.gapDays.length > 20 ? ` … (${d.gapDays.length})` : '')
          : t('none')}
      </p>
      <p data-testid="implausible">
        {t('implausible', { limit: fmtQuantity(d.implausibleLimitKwh, 'kwh', prefs, false) })}:{' '}
        {d.implausible.length}
        {d.corrected.length > 0 && ` · ${t('corrected', { count: d.corrected.length })}`}
      </p>
      <ul className="small">
        {d.corrected.map((c) => (
          <li key={c.startSec}>
            {fmtDateTime(c.startSec, prefs)}: {fmtQuantity(c.oldValueKwh, 'kwh', prefs)} →{' '}
            {fmtQuantity(c.newValueKwh, 'kwh', prefs)}
          </li>
        ))}
      </ul>
      <p data-testid="changed-since-export">
        {d.lastExportSec === null
          ? t('neverExported')
          : t('changedSinceExport', {
              count: d.changedSinceExport ?? 0,
              date: fmtDateTime(d.lastExportSec, prefs),
            })}
      </p>
    </>
  );
}
