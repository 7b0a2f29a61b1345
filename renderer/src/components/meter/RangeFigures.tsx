/**
 * The range's figures, every one from its frame (core: analysis/frame.ts): the span clipped to now and
 * to the register's data, exact at a zoomed span's edges. Nothing is summed here. The counts come from
 * the Quality tab's own source (quality:breakdown over the same range).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualityBreakdown } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtDate, fmtDateTime, fmtFrameSpan, fmtQuantity, localMidnight, fmtNumber } from '../../format';
import { useApp, usePrefs } from '../../store';

export type Figures = NonNullable<QualityBreakdown['figures']>;

/** The range's figures for the selected register; null while they load. */
export function useRangeFigures(meterId: string | undefined): Figures | null {
  const register = useApp((s) => s.register);
  const range = useApp((s) => s.range);
  const dataVersion = useApp((s) => s.dataVersion);
  const [figures, setFigures] = useState<QualityBreakdown | null>(null);
  useEffect(() => {
    setFigures(null);
    if (!meterId || !register || !range) return;
    let live = true;
    const span = Math.min(range.toSec, range.fromSec + 4 * 366 * 86_400);
    unwrap(
      api().quality.breakdown({
        meterId,
        obisCode: register,
        fromSec: range.fromSec,
        toSec: span,
        detail: false,
      }),
    ).then(
      (q) => live && setFigures(q),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [meterId, register, range, dataVersion]);
  return figures?.figures ?? null;
}

/**
 * Why a frame ends where it ends, in words: delivered up to a day and the rest not yet due (a synced
 * meter before the operator's delivery), the end of its files (imported), or its latest reading.
 */
export function horizonWords(
  frame: Figures['frame'],
  prefs: Parameters<typeof fmtDate>[1],
  t: (key: string, o?: Record<string, unknown>) => string,
): string {
  const end = frame.horizonSec;
  if (frame.horizonKind === 'files') return t('frameFileEnd', { day: fmtDate(end - 1, prefs) });
  if (frame.horizonKind === 'delivered' || frame.horizonKind === 'due')
    return localMidnight(end, prefs.timeZone) === end
      ? t(frame.horizonKind === 'delivered' ? 'frameOwedUntil' : 'frameDueUntil', {
          day: fmtDate(end - 1, prefs),
          next: fmtDate(end, prefs),
        })
      : t('frameUntilLatest');
  return t('frameUntilLatest');
}

export function RangeFigures({ fig }: { fig: Figures | null }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const frameWords = (f: Figures) =>
    `${fmtFrameSpan(f.frame.fromSec, f.frame.toSec, prefs)}${f.frame.clippedToNow ? ` (${horizonWords(f.frame, prefs, t)})` : ''}${f.frame.clippedToData ? ` (${t('frameFromFirstReading')})` : ''}`;
  return (
    <dl className="figures" data-testid="range-figures">
      <div className="figures-frame">
        <dt>{t('frameSpan')}</dt>
        <dd data-testid="figure-frame">{fig ? frameWords(fig) : '…'}</dd>
      </div>
      <div>
        <dt>{t('total')}</dt>
        <dd data-testid="figure-total">{fmtQuantity(fig ? fig.kwh : null, 'kwhTotal', prefs)}</dd>
      </div>
      <div>
        <dt>{t(fig?.frame.resolutionSec === 3600 ? 'peakHour' : 'peakQuarterHour')}</dt>
        <dd data-testid="figure-peak">
          {fmtQuantity(fig?.peakKw ?? null, 'kw', prefs)}
          {fig?.peakAtSec != null && (
            <span className="small muted"> {fmtDateTime(fig.peakAtSec, prefs)}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>{fig?.frame.resolutionSec === 3600 ? t('hours') : t('quarterHours')}</dt>
        <dd data-testid="figure-readings">
          {fig
            ? t('ofExpected', {
                received: fmtNumber(fig.readings, prefs, 0),
                expected: fmtNumber(fig.expected, prefs, 0),
              })
            : '…'}
        </dd>
      </div>
      <div>
        <dt>{t('quality')}</dt>
        <dd data-testid="figure-quality">
          {fig
            ? `${t('q1')} ${fmtQuantity(fig.quality.measured, 'count', prefs)} · ${t('q2')} ${fmtQuantity(fig.quality.estimated, 'count', prefs)} · ${t('q3')} ${fmtQuantity(fig.quality.unreliable, 'count', prefs)}`
            : '…'}
        </dd>
      </div>
      <div>
        <dt>{t('completeness')}</dt>
        <dd data-testid="figure-completeness">{fmtQuantity(fig?.completeness ?? null, 'percent', prefs)}</dd>
      </div>
    </dl>
  );
}
