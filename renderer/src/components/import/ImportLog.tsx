/**
 * The import log in the import dialog (issue 31): every file imported, and merges (issue 43), newest
 * first, each with its undo (asked first) and what the undo did, said after it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportLogView } from '../../../../preload/contract';
import { api, unwrap } from '../../bridge';
import { fmtDateTime } from '../../format';
import { useApp, usePrefs } from '../../store';
import { ErrorText } from '../ErrorText';

/**
 * The files imported into this profile, newest first, each with "Undo": every day that file wrote goes
 * back to what it was before it (refused, with the reason, when a later import or sync wrote them since).
 */
export function ImportLog({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [log, setLog] = useState<ImportLogView[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const [asking, setAsking] = useState<number | null>(null);
  // A meter by its name and metering point, as the meter list shows it (its id only under the pointer).
  const meters = useApp((st) => st.meters);
  const meterName = (id: string) => {
    const m = meters.find((x) => x.id === id);
    if (!m) return t('importLog_meterGone');
    // A meter without a metering point (an import that named none) is its name alone, never "Name ()".
    return m.label && m.meteringPoint ? `${m.label} (${m.meteringPoint})` : m.label || m.meteringPoint;
  };
  /** What the last undo did, said after it (the days put back; a meter it created, and what went with it). */
  const [undone, setUndone] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    unwrap(api().import.log({})).then(
      (l) => live && setLog(l),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [refreshKey, version]);
  if (!log || log.length === 0) return error ? <ErrorText error={error} prefs={prefs} /> : null;
  const undo = async (e: ImportLogView) => {
    setAsking(null);
    setError(null);
    setUndone(null);
    try {
      const r = await unwrap(api().import.undo({ importId: e.id }));
      // An undone merge's notice ("… merged into …") no longer holds.
      if (r.meterRestored) useApp.getState().meterNoticeShown(null);
      setUndone(
        [
          t('importLog_undoneNow', { file: e.fileName, days: r.days }),
          r.meterRemoved
            ? t('importLog_undoneMeter', { notes: r.notesRemoved, memberships: r.membershipsRemoved })
            : '',
          r.meterRestored ? t('importLog_undoneMerge', { name: r.meterRestored.label }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    } catch (err) {
      setError(err);
    }
    setVersion((v) => v + 1);
  };
  return (
    <details className="import-log" data-testid="import-log">
      <summary>{t('importLog_title', { count: log.length })}</summary>
      {error !== null && <ErrorText error={error} prefs={prefs} />}
      {undone && (
        <p className="small" role="status" data-testid="import-undone">
          {undone}
        </p>
      )}
      <table className="grid-table">
        <thead>
          <tr>
            <th scope="col">{t('importLog_when')}</th>
            <th scope="col">{t('importLog_file')}</th>
            <th scope="col">{t('importLog_meter')}</th>
            <th scope="col">{t('importLog_counts')}</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {log.map((e) => (
            <tr key={e.id} data-testid="import-log-row">
              <td>{fmtDateTime(e.importedSec, prefs)}</td>
              <td className="mono small">
                {e.format === 'merge' ? t('importLog_mergeOf', { name: e.fileName }) : e.fileName}
                {e.importedBy && <span className="muted"> · {t('importLog_by', { by: e.importedBy })}</span>}
              </td>
              <td className="small" title={e.meterId}>
                {meterName(e.meterId)}
              </td>
              <td className="num small">
                {t('importLog_countsText', {
                  readings: e.readings,
                  inserted: e.inserted,
                  updated: e.updated,
                })}
              </td>
              <td>
                <UndoCell
                  e={e}
                  asking={asking === e.id}
                  onAsk={() => setAsking(e.id)}
                  onKeep={() => setAsking(null)}
                  onUndo={() => void undo(e)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** A row's last cell: undone, asked, its undo, or why it cannot be undone. */
function UndoCell(p: {
  e: ImportLogView;
  asking: boolean;
  onAsk: () => void;
  onKeep: () => void;
  onUndo: () => void;
}) {
  const { t } = useTranslation();
  const { e } = p;
  if (e.undoneSec !== null) return <span className="muted small">{t('importLog_undone')}</span>;
  if (e.undoable && p.asking)
    return (
      <span className="small">
        {t('importLog_confirm', { name: e.fileName })}{' '}
        <button className="danger" onClick={p.onUndo} data-testid="import-log-undo-yes">
          {t('importLog_undoYes')}
        </button>{' '}
        <button onClick={p.onKeep}>{t('importLog_keep')}</button>
      </span>
    );
  if (e.undoable)
    return (
      <button onClick={p.onAsk} data-testid="import-log-undo">
        {t('importLog_undo')}
      </button>
    );
  if (e.mergedAway) return <span className="muted small">{t('importLog_mergedAway')}</span>;
  if (e.onTeam)
    return (
      <span className="muted small" data-testid="import-log-on-team">
        {t('importLog_onTeam')}
      </span>
    );
  return <span className="muted small">{t('importLog_noRecord')}</span>;
}
