/**
 * One note in the notes panel: its span, its text, who changed it when, and its edit and delete. An
 * edit is made on the version shown; when the note was changed meanwhile (another computer on a team
 * profile), the change is refused with who changed it when, the list shows the newer note, and the
 * person's text stays in the field (issue 63).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoteView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtDateTime, fmtFrameSpan } from '../format';
import { usePrefs } from '../store';

export function NoteItem(props: { note: NoteView; onChanged: () => void; onError: (e: unknown) => void }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const n = props.note;
  const [draft, setDraft] = useState<string | null>(null);
  const run = async (call: () => Promise<unknown>, done: () => void) => {
    props.onError(null);
    try {
      await call();
      done();
    } catch (e) {
      props.onError(e);
    }
    props.onChanged(); // refused or not: the list shows the note as it is now
  };
  const save = () =>
    void run(
      () => unwrap(api().notes.edit({ id: n.id, version: n.version, text: draft ?? '' })),
      () => setDraft(null),
    );
  const changed =
    n.version > 1 && n.changedBy
      ? t('notes_changed', { when: fmtDateTime(n.changedSec, prefs), by: n.changedBy })
      : undefined;
  return (
    <li data-testid="note-item" data-version={n.version} title={changed}>
      <span className="muted">
        {n.fromSec === null ? t('notes_onMeter') : fmtFrameSpan(n.fromSec, n.toSec!, prefs)}:
      </span>{' '}
      {draft === null ? (
        <>
          {n.text}{' '}
          <button
            className="link"
            onClick={() => setDraft(n.text)}
            aria-label={t('notes_edit')}
            data-testid="note-edit"
          >
            ✎
          </button>{' '}
          <button
            className="link"
            onClick={() =>
              void run(
                () => unwrap(api().notes.remove({ id: n.id, version: n.version })),
                () => undefined,
              )
            }
            aria-label={t('notes_remove')}
          >
            ×
          </button>
        </>
      ) : (
        <>
          <input
            value={draft}
            maxLength={500}
            aria-label={t('notes_edit')}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => (e.key === 'Enter' ? save() : e.key === 'Escape' ? setDraft(null) : undefined)}
            data-testid="note-edit-text"
            className="note-edit-text"
            autoFocus
          />{' '}
          <button className="primary" onClick={save} disabled={!draft.trim()} data-testid="note-edit-save">
            {t('save')}
          </button>{' '}
          <button onClick={() => setDraft(null)}>{t('cancel')}</button>
        </>
      )}
      {changed && <span className="muted"> ({changed})</span>}
    </li>
  );
}
