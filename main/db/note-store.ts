/**
 * The notes' store port (issue 63): the app's writes of notes go through it, whatever store a profile
 * has. A local profile's notes are its SQLite's (db/notes.ts); a team profile's are the team's
 * PostgreSQL's (db/team-notes.ts), each change mirrored into the copy the app reads. Both count a note's
 * version up at every change and refuse a change made on an older one, naming who changed it when.
 */
import type Database from 'better-sqlite3';
import type { NoteView } from '../../preload/contract';
import { addNote, editNote, removeNote, type NewNote } from './notes';

export interface NoteEdit {
  id: number;
  /** The version the change was made on (the one the person saw). */
  version: number;
  text: string;
}

export interface NoteStore {
  add(n: NewNote, nowSec: number): Promise<NoteView>;
  edit(e: NoteEdit, nowSec: number): Promise<NoteView>;
  /** False: there was no such note. With `version`, a newer note is refused (as an edit). */
  remove(id: number, version?: number): Promise<boolean>;
}

/** A local profile's notes, in its SQLite. `by` names this person and computer ("anna@laptop-graz"). */
export function sqliteNoteStore(db: Database.Database, by: string, tz: string): NoteStore {
  return {
    add: async (n, nowSec) => addNote(db, n, nowSec, by),
    edit: async (e, nowSec) => editNote(db, e, nowSec, by, tz),
    remove: async (id, version) => removeNote(db, id, version, tz),
  };
}
