/**
 * Opens (and migrates) a profile's SQLite database: WAL, NORMAL sync (durable at checkpoints, never
 * corrupt), foreign keys on, a busy timeout so a second reader waits instead of failing.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate';
import { AppError } from '../errors';

export function openDatabase(path: string, opts: { readonly?: boolean } = {}): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: opts.readonly ?? false });
  } catch (err) {
    throw new AppError('local_data', `Cannot open the local database at ${path}: ${(err as Error).message}`);
  }
  try {
    db.pragma('busy_timeout = 5000');
    if (!opts.readonly) {
      // A new file gets 16 KiB pages: a day record (≈ 1.5 KB) fills them to ≈ 95 %, where 4 KiB pages
      // hold two (≈ 73 %; measured 22.1 → see docs/architecture.md › One stored form). Only possible
      // before the first table and the switch to WAL; an existing file keeps its page size.
      if (
        db.pragma('user_version', { simple: true }) === 0 &&
        db.pragma('page_count', { simple: true }) === 0
      )
        db.pragma('page_size = 16384');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      // Smaller, more frequent WAL checkpoints: a checkpoint runs inside a commit, and a large one
      // stalls the event loop for a noticeable moment.
      db.pragma('wal_autocheckpoint = 250');
      db.pragma('foreign_keys = ON');
      migrate(db);
    }
    return db;
  } catch (err) {
    db.close();
    if (err instanceof AppError) throw err;
    throw new AppError(
      'local_data',
      `The local database at ${path} cannot be used: ${(err as Error).message}`,
    );
  }
}
