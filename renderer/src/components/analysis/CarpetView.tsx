/**
 * Carpet plot: one row per local day, its 92/96/100 quarter-hours drawn in their real count across the
 * time of day; a date axis, a time-of-day axis and a colour scale with values in kW, drawn into the
 * canvas itself (so the PNG export carries them); a single-hue, colour-blind-safe scale.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarpetResult } from '../../../../preload/contract';
import { api } from '../../bridge';
import { dateFormat, fmtDayKey, fmtQuantity, type FormatPrefs } from '../../format';
import { ErrorText } from '../ErrorText';
import type { ViewProps } from './types';
import { useResult } from './useResult';

/** Lightness of a value on the scale (0 … max), light → dark blue. */
export const carpetColour = (v: number, max: number) =>
  `hsl(205, 90%, ${Math.round(95 - (max > 0 ? Math.min(1, v / max) : 0) * 70)}%)`;

export const CARPET_HEIGHT = 360;

function drawCarpet(
  c: HTMLCanvasElement,
  data: CarpetResult,
  prefs: FormatPrefs,
  colours: { fg: string; gap: string },
) {
  const left = 64;
  const top = 24;
  const right = 86;
  const bottom = 8;
  const width = Math.max(420, c.parentElement?.clientWidth ?? 720);
  const n = Math.max(1, data.days.length);
  const rowH = Math.max(1, Math.min(10, Math.floor((CARPET_HEIGHT - top - bottom) / n)));
  const plotH = rowH * n;
  c.width = width;
  c.height = top + plotH + bottom;
  const g = c.getContext('2d');
  if (!g) return;
  const plotW = width - left - right;
  const maxKw = data.maxKwh * 4;
  g.clearRect(0, 0, c.width, c.height);
  data.days.forEach((d, row) => {
    const w = plotW / d.slots;
    d.values.forEach((v, i) => {
      g.fillStyle = v === null ? colours.gap : carpetColour(v * 4, maxKw);
      g.fillRect(left + i * w, top + row * rowH, Math.ceil(w), rowH);
      const q = d.quality[i];
      if ((q === 2 || q === 3) && rowH >= 2) {
        g.fillStyle = q === 2 ? '#E69F00' : '#CC79A7';
        g.fillRect(left + i * w, top + row * rowH + rowH / 2 - 0.5, Math.max(1, w / 2), 1.5);
      }
    });
  });
  g.fillStyle = colours.fg;
  g.font = '11px system-ui, sans-serif';
  // Time of day along the top: every 3 hours (a normal day's position).
  g.textAlign = 'center';
  for (let h = 0; h <= 24; h += 3)
    g.fillText(`${String(h).padStart(2, '0')}:00`, left + (plotW * h) / 24, top - 6);
  // Dates down the left: about eight labels, at month starts when the range is long.
  g.textAlign = 'right';
  const fmt = dateFormat(prefs.locale, {
    timeZone: prefs.timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  });
  const every = Math.max(1, Math.ceil(n / 8));
  data.days.forEach((d, row) => {
    const monthStart = n > 62 && d.day.endsWith('-01');
    if ((n <= 62 && row % every === 0) || monthStart || row === n - 1)
      g.fillText(
        fmt.format(new Date((d.startSec + 43_200) * 1000)),
        left - 6,
        top + row * rowH + Math.min(rowH, 10),
      );
  });
  // The colour scale with its values in kW.
  const barX = width - right + 14;
  for (let y = 0; y < plotH; y++) {
    g.fillStyle = carpetColour(maxKw * (1 - y / Math.max(1, plotH - 1)), maxKw);
    g.fillRect(barX, top + y, 12, 1);
  }
  g.fillStyle = colours.fg;
  g.textAlign = 'left';
  const label = (v: number) => `${fmtQuantity(v, 'kw', prefs)}`;
  g.fillText(label(maxKw), barX + 16, top + 10);
  g.fillText(label(maxKw / 2), barX + 16, top + plotH / 2 + 4);
  g.fillText(label(0), barX + 16, top + plotH);
}

export function Carpet({ data, prefs, testId }: { data: CarpetResult; prefs: FormatPrefs; testId: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    const css = getComputedStyle(c);
    drawCarpet(c, data, prefs, {
      fg: css.getPropertyValue('--fg-muted').trim() || '#5b6576',
      gap: css.getPropertyValue('--gap').trim() || '#d0d0d0',
    });
  }, [data, prefs]);
  return (
    <canvas
      ref={ref}
      className="carpet"
      data-testid={testId}
      data-days={data.days.length}
      data-slots={data.days.map((d) => d.slots).join(',')}
      role="img"
      aria-label={`Carpet plot, ${data.days.length} days, up to ${fmtQuantity(data.maxKwh * 4, 'kw', prefs)}`}
    />
  );
}

export function CarpetView({ meter, obisCode, fromSec, toSec, prefs }: ViewProps) {
  const { t } = useTranslation();
  // A carpet shows at most a year (366 rows).
  const from = Math.max(fromSec, toSec - 366 * 86_400);
  const { data: d, error } = useResult(
    () => api().analysis.carpet({ meterId: meter.id, obisCode, fromSec: from, toSec }),
    [meter.id, obisCode, from, toSec],
  );
  if (error) return <ErrorText error={error} prefs={prefs} />;
  if (!d) return <p className="muted">{t('loading')}</p>;
  return (
    <div className="carpet-wrap">
      {from > fromSec && <p className="small warn">{t('carpetLastYear')}</p>}
      <Carpet data={d} prefs={prefs} testId="carpet" />
      <p className="small muted">
        {t('carpetLegend', { max: fmtQuantity(d.maxKwh * 4, 'kw', prefs, false) })}{' '}
        {d.days[0] && fmtDayKey(d.days[0].day, prefs)} –{' '}
        {d.days.at(-1) && fmtDayKey(d.days.at(-1)!.day, prefs)}
      </p>
    </div>
  );
}
