/**
 * The chart's rows as an accessible table: only the rows of the figures' frame (a quarter-hour still
 * to come is no gap), the first 700 until "show all". Its rows exist only while it is open: 700 rows
 * rendered into the closed table took ≈ 80 ms of every chart change for nobody to see.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesView } from '../../../../preload/contract';
import { fmtDate, fmtDateTime, fmtQuantity, fmtTime } from '../../format';
import { usePrefs } from '../../store';
import type { Figures } from './RangeFigures';

/** Rows the data table shows before "show all" (a week of quarter-hours is 672). */
export const TABLE_FIRST_ROWS = 700;

/** The indexes of the series' rows inside the frame (all rows while the frame loads). */
function rowsOf(series: SeriesView, fig: Figures | null): number[] {
  const frame = fig && fig.frame.toSec > fig.frame.fromSec ? fig.frame : null;
  const rowEnd = (i: number) => series.timesSec[i + 1] ?? series.timesSec[i]! + series.intervalSec;
  return series.timesSec.flatMap((ts, i) =>
    !frame || (ts < frame.toSec && rowEnd(i) > frame.fromSec) ? [i] : [],
  );
}

export function DataTable(props: {
  series: SeriesView;
  fig: Figures | null;
  /** Open or closed, kept by the caller across ranges ("show all" is reset with each range). */
  open: boolean;
  onOpen: (open: boolean) => void;
}) {
  const { series, fig, open } = props;
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [allRows, setAllRows] = useState(false);
  const rows = rowsOf(series, fig);
  const rowCount = rows.length;
  const shownRows = allRows ? rowCount : Math.min(rowCount, TABLE_FIRST_ROWS);
  const isDay = series.resolution === 'day';
  return (
    <details className="data-table" open={open} onToggle={(e) => props.onOpen(e.currentTarget.open)}>
      <summary>
        {t('chartTable')} (
        {t(allRows || rowCount <= TABLE_FIRST_ROWS ? 'rowsAll' : 'rowsOf', {
          shown: shownRows,
          count: rowCount,
        })}
        )
      </summary>
      {open && (
        <table data-testid="data-table">
          <thead>
            <tr>
              <th scope="col">{isDay ? t('day') : t('interval')}</th>
              <th scope="col">{isDay ? `${t('total')} (kWh)` : `${t('value')} (kWh)`}</th>
              {isDay && (
                <th scope="col">{`${t(series.intervalSec === 3600 ? 'peakHour' : 'peakQuarterHour')} (kW)`}</th>
              )}
              <th scope="col">{t('quality')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shownRows).map((i) => {
              const ts = series.timesSec[i]!;
              const max = series.maxValues?.[i];
              return (
                <tr key={ts}>
                  <td>
                    {isDay
                      ? fmtDate(ts, prefs)
                      : `${fmtDateTime(ts, prefs)} – ${fmtTime(ts + series.intervalSec, prefs)}`}
                  </td>
                  <td className="num">
                    {fmtQuantity(series.values[i] ?? null, isDay ? 'kwhTotal' : 'kwh', prefs, false)}
                  </td>
                  {isDay && (
                    <td className="num">
                      {fmtQuantity(
                        max == null ? null : (max * 3600) / series.intervalSec,
                        'kw',
                        prefs,
                        false,
                      )}
                    </td>
                  )}
                  <td>{series.quality[i] ? t(`q${series.quality[i]}`) : t('gap')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {open && shownRows < rowCount && (
        <button onClick={() => setAllRows(true)} data-testid="table-show-all">
          {t('showAllRows', { count: rowCount })}
        </button>
      )}
    </details>
  );
}
