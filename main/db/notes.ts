/**
 * Notes on a meter (issue 33): "Wärmepumpe seit 03/2026" on the meter, "Betriebsurlaub" on a span. Kept
 * in the profile; the chart marks them, the report lists them, the CSV export writes them on the rows
 * they cover. Text is cleaned and capped like every label (common/rules.ts).
 */
import type Database from 'better-sqlite3';
import type { NoteView } from '../../preload/contract';
import { cleanText } from '../../common/rules';
import { AppError } from '../errors';
import { localStamp } from '../time/local-days';

export const NOTE_MAX_CHARS = 500;

interface Row {
  id: number;
  meter_id: string;
  from_sec: number | null;
  to_sec: number | null;
  text: string;
  created_sec: number;
  version: number;
  changed_sec: number | null;
  changed_by: string | null;
}
/** A note row as either store hands it over (PostgreSQL's BIGINT arrives as text). */
export type NoteRow = { [K in keyof Row]: Row[K] | string };
const num = (v: number | string | null) => (v === null ? null : Number(v));
export const noteView = (r: NoteRow): NoteView => ({
  id: Number(r.id),
  meterId: String(r.meter_id),
  fromSec: num(r.from_sec),
  toSec: num(r.to_sec),
  text: String(r.text),
  createdSec: Number(r.created_sec),
  version: Number(r.version),
  changedSec: num(r.changed_sec) ?? Number(r.created_sec),
  changedBy: r.changed_by === null ? null : String(r.changed_by),
});
const view = noteView;

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

export interface NewNote {
  meterId: string;
  fromSec: number | null;
  toSec: number | null;
  text: string;
}

/** A note's text as kept (cleaned, capped), or the refusal of an empty one. */
export function noteText(text: string): string {
  const out = cleanText(text, NOTE_MAX_CHARS).trim();
  if (!out) throw new AppError('invalid_input', 'A note needs a text.', { reason: 'note_text_missing' });
  return out;
}

/** A new note checked: its text kept as stored, its span whole or none. */
export function checkedNote(n: NewNote): NewNote {
  const text = noteText(n.text);
  if ((n.fromSec === null) !== (n.toSec === null) || (n.fromSec !== null && n.toSec! <= n.fromSec))
    throw new AppError(
      'invalid_input',
      'A note is on the whole meter, or on a span whose end is after its start.',
      { reason: 'note_span_invalid' },
    );
  return { ...n, text };
}

export const noMeter = (meterId: string) =>
  new AppError('not_found', `There is no meter ${meterId} in this profile.`, {
    reason: 'unknown_in_profile',
    params: { kind: 'meter', id: meterId },
  });

export function addNote(
  db: Database.Database,
  n: NewNote,
  nowSec: number,
  by: string | null = null,
): NoteView {
  const note = checkedNote(n);
  if (!db.prepare('SELECT 1 FROM meters WHERE id = ?').get(n.meterId)) throw noMeter(n.meterId);
  const id = Number(
    db
      .prepare(
        'INSERT INTO notes (meter_id, from_sec, to_sec, text, created_sec, version, changed_sec, changed_by) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
      )
      .run(n.meterId, n.fromSec, n.toSec, note.text, nowSec, nowSec, by).lastInsertRowid,
  );
  return view(db.prepare('SELECT * FROM notes WHERE id = ?').get(id) as Row);
}

/**
 * A note's new text, made on `version`: refused (`note_changed_elsewhere`, with who changed it when)
 * when the stored note is newer, and when it is gone (`note_gone`). Nothing is overwritten.
 */
export function editNote(
  db: Database.Database,
  e: { id: number; version: number; text: string },
  nowSec: number,
  by: string | null,
  tz: string,
): NoteView {
  const text = noteText(e.text);
  const done = db
    .prepare(
      'UPDATE notes SET text = ?, version = version + 1, changed_sec = ?, changed_by = ? WHERE id = ? AND version = ?',
    )
    .run(text, nowSec, by, e.id, e.version).changes;
  const row = db.prepare('SELECT * FROM notes WHERE id = ?').get(e.id) as Row | undefined;
  if (!done) throw staleNote(e.id, row ? view(row) : null, tz);
  return view(row!);
}

/** Removes a note; with `version`, only that version of it (a newer one is refused as in editNote). */
export function removeNote(
  db: Database.Database,
  id: number,
  version?: number,
  tz = 'Europe/Vienna',
): boolean {
  if (version === undefined) return db.prepare('DELETE FROM notes WHERE id = ?').run(id).changes > 0;
  if (db.prepare('DELETE FROM notes WHERE id = ? AND version = ?').run(id, version).changes > 0) return true;
  const row = db.prepare('SELECT * FROM notes WHERE id = ?').get(id) as Row | undefined;
  if (!row) return false;
  throw staleNote(id, view(row), tz);
}

/** A change made on an older version of a note: who changed it when, or that it is gone. */
export function staleNote(id: number, now: NoteView | null, tz: string): AppError {
  if (!now)
    return new AppError(
      'conflict',
      `Note ${id} was removed meanwhile (on another computer, or in another window). Reload to see the notes as they are; your change was not saved.`,
      { reason: 'note_gone' },
    );
  const at = localStamp(now.changedSec, tz);
  const by = now.changedBy ?? '–';
  return new AppError(
    'conflict',
    `This note was changed meanwhile by ${by} at ${at} (version ${now.version}). Reload to see it; your change was not saved.`,
    { reason: 'note_changed_elsewhere', params: { by, at, version: now.version } },
  );
}

/** A note as another store holds it, put into this one as it is (a team's copy follows the server). */
export function putNoteRow(db: Database.Database, n: NoteView): void {
  db.prepare(
    `INSERT INTO notes (id, meter_id, from_sec, to_sec, text, created_sec, version, changed_sec, changed_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET meter_id = excluded.meter_id, from_sec = excluded.from_sec,
       to_sec = excluded.to_sec, text = excluded.text, created_sec = excluded.created_sec,
       version = excluded.version, changed_sec = excluded.changed_sec, changed_by = excluded.changed_by`,
  ).run(n.id, n.meterId, n.fromSec, n.toSec, n.text, n.createdSec, n.version, n.changedSec, n.changedBy);
}

/** Forgets a note in this store only (a team's copy, once the server removed it). */
export function dropNoteRow(db: Database.Database, id: number): void {
  db.prepare('DELETE FROM notes WHERE id = ?').run(id);
}
