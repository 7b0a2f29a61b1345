/**
 * A second series on the chart (overlay.ts): the choices for this meter and register, the chosen
 * one asked for with the chart's range and aligned to its times, and its words.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView, SeriesView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { registerLabel } from '../../registers';
import { useApp, usePrefs } from '../../store';
import { alignOverlay, overlayChoices, overlayRange, type OverlayChoice } from '../overlay';

export function useOverlay(meter: MeterView) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const allMeters = useApp((s) => s.meters);
  const register = useApp((s) => s.register);
  const range = useApp((s) => s.range);
  const series = useApp((s) => s.series);
  const [overlay, setOverlay] = useState<OverlayChoice>({ kind: 'none' });
  const [overlaySeries, setOverlaySeries] = useState<{ view: SeriesView; shiftSec: number } | null>(null);
  const choices = useMemo(() => overlayChoices(meter, allMeters, register), [meter, allMeters, register]);
  useEffect(() => setOverlay({ kind: 'none' }), [meter.id]);
  useEffect(() => {
    setOverlaySeries(null);
    if (!range || !register || overlay.kind === 'none') return;
    const r = overlayRange(overlay, range, prefs.timeZone);
    const target =
      overlay.kind === 'register'
        ? { meterId: meter.id, obisCode: overlay.obisCode }
        : overlay.kind === 'meter'
          ? { meterId: overlay.meterId, obisCode: overlay.obisCode }
          : { meterId: meter.id, obisCode: register };
    let live = true;
    void unwrap(
      api().readings.series({ ...target, fromSec: r.fromSec, toSec: r.toSec, maxPoints: 6000 }),
    ).then(
      (view) => live && setOverlaySeries({ view, shiftSec: r.shiftSec }),
      () => live && setOverlaySeries(null),
    );
    return () => {
      live = false;
    };
  }, [meter, range, register, overlay, prefs.timeZone]);
  const labelOf = (c: OverlayChoice): string => {
    if (c.kind === 'none') return t('overlay_none');
    if (c.kind === 'year') return t(c.by === 'date' ? 'overlay_yearByDate' : 'overlay_yearByWeekday');
    if (c.kind === 'register') return registerLabel(c.obisCode, t);
    const m = allMeters.find((x) => x.id === c.meterId);
    return `${m?.label ?? m?.meteringPoint ?? c.meterId} – ${registerLabel(c.obisCode, t)}`;
  };
  const data = useMemo(() => {
    if (!series || !overlaySeries || overlay.kind === 'none') return null;
    if (series.resolution !== overlaySeries.view.resolution) return null;
    return {
      label: labelOf(overlay),
      values: alignOverlay(series, overlaySeries.view, overlaySeries.shiftSec, false),
      maxValues: alignOverlay(series, overlaySeries.view, overlaySeries.shiftSec, true),
    };
    // labelOf only words the choice
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, overlaySeries, overlay]);
  return { overlay, setOverlay, choices, labelOf, data };
}
