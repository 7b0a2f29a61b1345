/**
 * The meter's chart tab: the overlay picker, the chart with its notes, the range's figures and the
 * data table.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterView, NoteView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { useApp, usePrefs } from '../../store';
import { Chart } from '../Chart';
import { ErrorText } from '../ErrorText';
import { NotesPanel } from '../NotesPanel';
import { overlayKey } from '../overlay';
import { DataTable } from './DataTable';
import { RangeFigures, type Figures } from './RangeFigures';
import { useOverlay } from './useOverlay';

/** The meter's notes, reloaded when one changes. */
export function useNotes(meterId: string) {
  const [notes, setNotes] = useState<NoteView[]>([]);
  const load = useCallback(() => {
    void unwrap(api().notes.list({ meterId })).then(setNotes, () => setNotes([]));
  }, [meterId]);
  useEffect(load, [load]);
  return { notes, reload: load };
}

/** What the chart tab keeps while another tab is shown: notes, overlay, the table open or closed. */
export function useChartTabState(meter: MeterView) {
  const notes = useNotes(meter.id);
  const overlay = useOverlay(meter);
  const [tableOpen, setTableOpen] = useState(false);
  return { notes, overlay, tableOpen, setTableOpen };
}

export function ChartTab(props: {
  meter: MeterView;
  fig: Figures | null;
  state: ReturnType<typeof useChartTabState>;
}) {
  const { meter, fig } = props;
  const { overlay, tableOpen, setTableOpen } = props.state;
  const { notes, reload } = props.state.notes;
  const { t } = useTranslation();
  const prefs = usePrefs();
  const series = useApp((s) => s.series);
  const seriesError = useApp((s) => s.seriesError);
  const range = useApp((s) => s.range);
  const register = useApp((s) => s.register);
  const unit = useApp((s) => s.unit);
  const theme = useApp((s) => s.theme);
  const dataVersion = useApp((s) => s.dataVersion);
  const { rangeZoomed } = useApp.getState();
  // "Show all" lasts for one range of one register.
  const tableKey = `${meter.id}|${register}|${range?.fromSec}|${range?.toSec}|${dataVersion}`;
  return (
    <>
      {seriesError && <ErrorText error={seriesError} prefs={prefs} />}
      <label className="small inline">
        {t('overlay_title')}{' '}
        <select
          value={overlayKey(overlay.overlay)}
          onChange={(e) =>
            overlay.setOverlay(
              overlay.choices.find((c) => overlayKey(c) === e.target.value) ?? { kind: 'none' },
            )
          }
          data-testid="overlay-picker"
        >
          {overlay.choices.map((c) => (
            <option key={overlayKey(c)} value={overlayKey(c)}>
              {overlay.labelOf(c)}
            </option>
          ))}
        </select>
      </label>
      {series && (
        <Chart
          series={series}
          unit={unit}
          prefs={prefs}
          theme={theme}
          onZoom={rangeZoomed}
          notes={notes}
          overlay={overlay.data}
        />
      )}
      <NotesPanel meterId={meter.id} notes={notes} range={range} onChanged={reload} />
      {series && <RangeFigures fig={fig} />}
      {series && (
        <DataTable key={tableKey} series={series} fig={fig} open={tableOpen} onOpen={setTableOpen} />
      )}
    </>
  );
}
