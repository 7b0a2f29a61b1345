/**
 * The door every import of the app and the command line goes through (ProfileContext.storeWrites):
 * into a local profile's SQLite (into-store.ts `writeImport`), or into a team's server and then the copy
 * the app reads (team-import.ts).
 */
import type Database from 'better-sqlite3';
import type { ReadingsStore } from '../db/readings-store';
import { writeImport, type ImportTarget, type ImportWrite } from './into-store';
import type { ParsedFile } from './types';

export interface ImportRequest {
  /** The readings store of the database the app reads (a local profile's, or a team's copy). */
  store: ReadingsStore;
  parsed: ParsedFile;
  target: ImportTarget;
  file: { name: string; sha256: string };
  nowSec: number;
  onConflict: 'keep' | 'replace';
}

export interface ImportWrites {
  write(r: ImportRequest): Promise<ImportWrite>;
}

/** Imports into a local profile's database, recording who imported. */
export function sqliteImportWrites(db: Database.Database, by: string): ImportWrites {
  return {
    write: async (r) => writeImport(db, r.store, r.parsed, r.target, r.file, r.nowSec, r.onConflict, { by }),
  };
}
