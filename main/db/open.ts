/**
 * Opens (and migrates) a profile's SQLite database: WAL, NORMAL sync (durable at checkpoints, never
 * corrupt), foreign keys on, a busy timeout so a second writer waits instead of failing (every write
 * transaction begins IMMEDIATE, so SQLite can make it wait: a deferred one that upgrades cannot).
 * `openForReading` also opens a profile in a read-only folder; `assertIntact` stops writers on a
 * damaged file.
 */
import { accessSync, constants, copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { generationRefusal, migrate } from './migrate';
import { AppError } from '../errors';

/** How long a writer waits for another's transaction (a large import commits in a few seconds). */
export const BUSY_TIMEOUT_MS = 15_000;

export function openDatabase(path: string, opts: { readonly?: boolean } = {}): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: opts.readonly ?? false });
  } catch (err) {
    throw new AppError('local_data', `Cannot open the local database at ${path}: ${(err as Error).message}`, {
      reason: 'db_cannot_open',
      params: { path },
    });
  }
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // A file this version cannot open is refused before anything is written into it (migrate.ts).
    const refusal = generationRefusal(db);
    if (refusal) throw refusal;
    if (!opts.readonly) {
      // A new file gets 16 KiB pages: a day record (≈ 1.5 KB) fills them to ≈ 95 %, where 4 KiB pages
      // hold two (≈ 73 %; measured 22.1 → see docs/architecture.md › One stored form). Only possible
      // before the first table and the switch to WAL; an existing file keeps its page size.
      if (
        db.pragma('user_version', { simple: true }) === 0 &&
        db.pragma('page_count', { simple: true }) === 0
      )
        db.pragma('page_size = 16384');
      switchToWal(db);
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
      {
        reason: 'db_cannot_open',
        params: { path },
      },
    );
  }
}

/**
 * `journal_mode = WAL` on a new file needs it alone, and SQLite answers SQLITE_BUSY at once instead of
 * calling the busy handler when another process is opening it too (measured: 2 of 120 processes
 * starting together failed within 0.6 s). So it is tried again for as long as a writer would wait.
 */
function switchToWal(db: Database.Database): void {
  const deadline = performance.now() + BUSY_TIMEOUT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || performance.now() > deadline) throw err;
      Atomics.wait(pause, 0, 0, 10 + Math.random() * 40);
    }
  }
}

/** Whether this process cannot write the database's folder or file (a read-only share, a backup). */
export function isReadOnlyPlace(path: string): boolean {
  // The nearest folder that exists (a new profile's folders are created on open).
  let dir = dirname(path);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  try {
    accessSync(dir, constants.W_OK);
    if (existsSync(path)) accessSync(path, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/**
 * Opens a database to read from it. In a folder this process cannot write (SQLite needs to create its
 * WAL index beside the file even to read), a copy in the temporary folder is opened instead, and
 * `onCopy` says so; reads then show the data as it was when the copy was made.
 */
export function openForReading(path: string, onCopy?: (message: string) => void): Database.Database {
  if (!existsSync(path) || !isReadOnlyPlace(path)) return openDatabase(path);
  const dir = mkdtempSync(join(tmpdir(), 'meterdesk-readonly-'));
  const copy = join(dir, basename(path));
  try {
    copyFileSync(path, copy);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
  } catch (err) {
    throw new AppError('local_data', `Cannot read the local database at ${path}: ${(err as Error).message}`, {
      reason: 'db_cannot_open',
      params: { path },
    });
  }
  onCopy?.(`The folder of ${path} is read-only: reading a copy of the database (nothing is written).`);
  return openDatabase(copy);
}

/** Refuses to write into a folder this process cannot write, saying that reads still work. */
export function assertWritablePlace(path: string): void {
  if (isReadOnlyPlace(path))
    throw new AppError(
      'local_data',
      `The folder of ${path} is read-only, so Meterdesk cannot write there. Reading works (stats, export, cost); copy the data folder somewhere writable to sync or import.`,
      { reason: 'db_read_only', params: { path } },
    );
}

/**
 * SQLite's quick_check: null when the file is whole, else what is wrong (first lines). A cold check of
 * a 200 MB profile takes about a second, a warm one 0.1 s.
 */
export function quickCheck(db: Database.Database): string | null {
  try {
    const rows = db.pragma('quick_check(5)') as { quick_check: string }[];
    const problems = rows.map((r) => r.quick_check).filter((t) => t !== 'ok');
    return problems.length === 0 ? null : problems.join('; ').slice(0, 300);
  } catch (err) {
    return (err as Error).message.slice(0, 300);
  }
}

/** The refusal to write into a damaged file: its words, and the reason the UI words in its language. */
export function damaged(path: string, problem: string): AppError {
  return new AppError('local_data', damagedMessage(path, problem), {
    reason: 'db_damaged',
    params: { path },
  });
}

export function damagedMessage(path: string, problem: string): string {
  return `The local database at ${path} is damaged (${problem}). Meterdesk does not write into it, so nothing gets worse; reading still works. Restore it from a backup, or export what you need and sync or import into a new profile.`;
}

/** Stops a writer (sync, import) before it writes into a damaged file. */
export function assertIntact(db: Database.Database): void {
  const problem = quickCheck(db);
  if (problem) throw damaged(db.name, problem);
}

/** A profile's database opened for writing: its folder writable, the file intact (else closed again). */
export function openForWriting(path: string): Database.Database {
  assertWritablePlace(path);
  const db = openDatabase(path);
  try {
    assertIntact(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
