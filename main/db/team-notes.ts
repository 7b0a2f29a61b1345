/**
 * A team profile's notes (issue 63): written into the team's PostgreSQL (meterdesk.notes, with a version
 * per note), each change in one transaction that also notifies the other apps (TEAM_CHANGES_CHANNEL,
 * the meter's id), and then put into the copy this app reads, so its own views show it at once. A change
 * made on an older version than the server's — another app changed the note meanwhile — is refused
 * with who changed it when (`note_changed_elsewhere`), and nothing is overwritten.
 */
import type pg from 'pg';
import type { NoteView } from '../../preload/contract';
import type { NoteStore } from './note-store';
import {
  checkedNote,
  dropNoteRow,
  noMeter,
  noteText,
  noteView,
  putNoteRow,
  staleNote,
  type NoteRow,
} from './notes';
import { teamChange, type TeamServer } from './team-change';
import { TEAM_CHANGES_CHANNEL, TEAM_SCHEMA } from './team-schema';

const S = TEAM_SCHEMA;

export function teamNoteStore(d: TeamServer): NoteStore {
  const change = <T>(fn: (q: pg.Client) => Promise<T>) => teamChange(d, fn);
  const notify = (q: pg.Client, meterId: string) =>
    q.query('SELECT pg_notify($1, $2)', [TEAM_CHANGES_CHANNEL, meterId]);
  const current = async (q: pg.Client, id: number): Promise<NoteView | null> => {
    const r = await q.query<NoteRow>(`SELECT * FROM ${S}.notes WHERE id = $1`, [id]);
    return r.rows[0] ? noteView(r.rows[0]) : null;
  };
  return {
    async add(n, nowSec) {
      const note = checkedNote(n);
      const made = await change(async (q) => {
        const meter = await q.query(`SELECT 1 FROM ${S}.meters WHERE id = $1`, [n.meterId]);
        if (meter.rowCount === 0) throw noMeter(n.meterId);
        const r = await q.query<NoteRow>(
          `INSERT INTO ${S}.notes (meter_id, from_sec, to_sec, text, created_sec, version, changed_sec, changed_by)
           VALUES ($1, $2, $3, $4, $5, 1, $5, $6) RETURNING *`,
          [n.meterId, n.fromSec, n.toSec, note.text, nowSec, d.by],
        );
        await notify(q, n.meterId);
        return noteView(r.rows[0]!);
      });
      putNoteRow(d.copy, made);
      return made;
    },
    async edit(e, nowSec) {
      const text = noteText(e.text);
      const out = await change(async (q) => {
        const r = await q.query<NoteRow>(
          `UPDATE ${S}.notes SET text = $1, version = version + 1, changed_sec = $2, changed_by = $3
           WHERE id = $4 AND version = $5 RETURNING *`,
          [text, nowSec, d.by, e.id, e.version],
        );
        if (r.rows[0]) {
          await notify(q, String(r.rows[0].meter_id));
          return { note: noteView(r.rows[0]), stale: null };
        }
        return { note: null, stale: await current(q, e.id) };
      });
      if (out.note) return (putNoteRow(d.copy, out.note), out.note);
      // Refused: the copy takes the server's note, so the person sees what they would have overwritten.
      if (out.stale) putNoteRow(d.copy, out.stale);
      else dropNoteRow(d.copy, e.id);
      throw staleNote(e.id, out.stale, d.tz);
    },
    async remove(id, version) {
      const out = await change(async (q) => {
        const r = await q.query<{ meter_id: string }>(
          `DELETE FROM ${S}.notes WHERE id = $1 AND ($2::int IS NULL OR version = $2) RETURNING meter_id`,
          [id, version ?? null],
        );
        if (r.rows[0]) return (await notify(q, r.rows[0].meter_id), { removed: true, stale: null });
        return { removed: false, stale: await current(q, id) };
      });
      if (out.removed || !out.stale) {
        dropNoteRow(d.copy, id);
        return out.removed;
      }
      putNoteRow(d.copy, out.stale);
      throw staleNote(id, out.stale, d.tz);
    },
  };
}
