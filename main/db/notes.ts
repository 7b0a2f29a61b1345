/**
 * Notes on a meter (issue 33): "Wärmepumpe seit 03/2026" on the meter, "Betriebsurlaub" on a span. Kept
 * in the profile; the chart marks them, the report lists them, the CSV export writes them on the rows
 * they cover. Text is cleaned and capped like every label (common/rules.ts).
 */
import type Database from 'better-sqlite3';
import type { NoteView } from '../../preload/contract';
import { cleanText } from '../../common/rules';
import { AppError } from '../errors';

export const NOTE_MAX_CHARS = 500;

interface Row {
  id: number;
  meter_id: string;
  from_sec: number | null;
  to_sec: number | null;
  text: string;
  created_sec: number;
}
const view = (r: Row): NoteView => ({
  id: r.id,
  meterId: r.meter_id,
  fromSec: r.from_sec,
  toSec: r.to_sec,
  text: r.text,
  createdSec: r.created_sec,
});

/** A meter's notes: those on the meter and those whose span meets [fromSec, toSec) (all without a range). */
export function listNotes(
  db: Database.Database,
  meterId: string,
  range?: { fromSec: number; toSec: number },
): NoteView[] {
  const rows = range
    ? db
        .prepare(
          'SELECT * FROM notes WHERE meter_id = ? AND (from_sec IS NULL OR (from_sec < ? AND to_sec > ?)) ORDER BY from_sec IS NOT NULL, from_sec, id',
        )
        .all(meterId, range.toSec, range.fromSec)
    : db
        .prepare('SELECT * FROM notes WHERE meter_id = ? ORDER BY from_sec IS NOT NULL, from_sec, id')
        .all(meterId);
  return (rows as Row[]).map(view);
}

/** A meter's notes on a span (not those on the whole meter), by their start: the CSV export's. */
export function spanNotes(
  db: Database.Database,
  meterId: string,
): { from_sec: number; to_sec: number; text: string }[] {
  return db
    .prepare<[string], { from_sec: number; to_sec: number; text: string }>(
      'SELECT from_sec, to_sec, text FROM notes WHERE meter_id = ? AND from_sec IS NOT NULL ORDER BY from_sec',
    )
    .all(meterId);
}

export function addNote(
  db: Database.Database,
  n: { meterId: string; fromSec: number | null; toSec: number | null; text: string },
  nowSec: number,
): NoteView {
  const text = cleanText(n.text, NOTE_MAX_CHARS).trim();
  if (!text) throw new AppError('invalid_input', 'A note needs a text.', { reason: 'note_text_missing' });
  if ((n.fromSec === null) !== (n.toSec === null) || (n.fromSec !== null && n.toSec! <= n.fromSec))
    throw new AppError(
      'invalid_input',
      'A note is on the whole meter, or on a span whose end is after its start.',
      { reason: 'note_span_invalid' },
    );
  if (!db.prepare('SELECT 1 FROM meters WHERE id = ?').get(n.meterId))
    throw new AppError('not_found', `There is no meter ${n.meterId} in this profile.`, {
      reason: 'unknown_in_profile',
      params: { kind: 'meter', id: n.meterId },
    });
  const id = Number(
    db
      .prepare('INSERT INTO notes (meter_id, from_sec, to_sec, text, created_sec) VALUES (?, ?, ?, ?, ?)')
      .run(n.meterId, n.fromSec, n.toSec, text, nowSec).lastInsertRowid,
  );
  return view(db.prepare('SELECT * FROM notes WHERE id = ?').get(id) as Row);
}

export function removeNote(db: Database.Database, id: number): boolean {
  return db.prepare('DELETE FROM notes WHERE id = ?').run(id).changes > 0;
}
