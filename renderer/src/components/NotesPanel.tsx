/**
 * Notes on a meter (issue 33): on the whole meter, on the span the chart shows, or on one day. Kept in
 * the profile (notes:add/edit/remove; a note's row: NoteItem.tsx); the chart marks the spans, the report lists them, the CSV writes them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoteView } from '../../../preload/contract';
import { api, unwrap } from '../bridge';
import { fmtFrameSpan, localDateStart } from '../format';
import { usePrefs } from '../store';
import { ErrorText } from './ErrorText';
import { NoteItem } from './NoteItem';

export function NotesPanel(props: {
  meterId: string;
  notes: NoteView[];
  range: { fromSec: number; toSec: number } | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [on, setOn] = useState<'range' | 'day' | 'meter'>('range');
  const [day, setDay] = useState('');
  const [error, setError] = useState<unknown>(null);
  const add = async () => {
    setError(null);
    let span: { fromSec: number | null; toSec: number | null } = { fromSec: null, toSec: null };
    if (on === 'range' && props.range) span = props.range;
    if (on === 'day') {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      span = {
        fromSec: localDateStart(y, m, d, prefs.timeZone),
        toSec: localDateStart(y, m, d + 1, prefs.timeZone),
      };
    }
    try {
      await unwrap(api().notes.add({ meterId: props.meterId, ...span, text }));
      setText('');
      setOpen(false);
      props.onChanged();
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section className="notes small" aria-label={t('notes_title')} data-testid="notes">
      <strong>{t('notes_title')}</strong>{' '}
      {!open && (
        <button onClick={() => setOpen(true)} data-testid="note-add">
          {t('notes_add')}
        </button>
      )}
      {props.notes.length === 0 && !open && <span className="muted"> {t('notes_none')}</span>}
      <ul data-testid="note-list">
        {props.notes.map((n) => (
          <NoteItem key={n.id} note={n} onChanged={props.onChanged} onError={setError} />
        ))}
      </ul>
      {open && (
        <div className="note-form">
          <input
            value={text}
            maxLength={500}
            placeholder={t('notes_placeholder')}
            onChange={(e) => setText(e.target.value)}
            data-testid="note-text"
            autoFocus
          />{' '}
          <select
            value={on}
            onChange={(e) => setOn(e.target.value as 'range' | 'day' | 'meter')}
            data-testid="note-on"
          >
            <option value="range" disabled={!props.range}>
              {props.range
                ? t('notes_onRange', { span: fmtFrameSpan(props.range.fromSec, props.range.toSec, prefs) })
                : '–'}
            </option>
            <option value="day">{t('notes_onDay')}</option>
            <option value="meter">{t('notes_onMeter')}</option>
          </select>{' '}
          {on === 'day' && (
            <input
              type="date"
              value={day}
              onChange={(e) => setDay(e.target.value)}
              aria-label={t('notes_onDay')}
            />
          )}{' '}
          <button
            className="primary"
            onClick={() => void add()}
            disabled={!text.trim() || (on === 'day' && !day)}
            data-testid="note-save"
          >
            {t('save')}
          </button>{' '}
          <button onClick={() => setOpen(false)}>{t('cancel')}</button>
        </div>
      )}
      {error !== null && <ErrorText error={error} prefs={prefs} />}
    </section>
  );
}
