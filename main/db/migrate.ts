/**
 * Schema migrations. Policy: files in `migrations/` are numbered `NNNN_name.sql`, append-only and
 * never edited once landed; `PRAGMA user_version` records the last one applied; all pending ones run in
 * one exclusive transaction that re-reads it (two processes opening one profile migrate it once); a database written by a newer Meterdesk, or by an earlier one before the storage redesign
 * (`generationRefusal`), is refused rather than damaged, with what to do.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { AppError } from '../errors';
import { cleanText } from '../../common/rules';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

function migrationsDir(): string {
  // Beside this module in source (main/db/migrations) and in the bundle (dist/main/migrations).
  for (const rel of ['./migrations', './db/migrations']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('The database migrations folder is missing from this installation.');
}

export function loadMigrations(dir = migrationsDir()): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  return files.map((f, i) => {
    const version = Number(f.slice(0, 4));
    if (version !== i + 1) throw new Error(`Migration ${f} is out of sequence: expected number ${i + 1}.`);
    return { version, name: f, sql: readFileSync(`${dir}/${f}`, 'utf8') };
  });
}

function newerRefusal(schema: number, knows: number): AppError {
  return new AppError(
    'local_data',
    `This data was written by a newer Meterdesk (schema ${schema}, this version knows ${knows}). Update Meterdesk to open it; nothing was changed.`,
    { reason: 'db_newer', params: { schema, knows } },
  );
}

/** File names an import log of any generation holds (the newest first, at most 20), or none. */
function importedFiles(db: Database.Database): string[] {
  try {
    return (
      db
        .prepare('SELECT file_name FROM imports GROUP BY file_name ORDER BY max(imported_sec) DESC LIMIT 20')
        .all() as {
        file_name: string;
      }[]
    ).map((r) => cleanText(String(r.file_name), 80));
  } catch {
    return []; // no import log, or one that cannot be read
  }
}

/**
 * Why this version cannot open the file at all, read before anything is written (open.ts opens it
 * read-only for this): written before the storage redesign (its readings in a `readings` or
 * `reading_rows` table, no day records; its schema numbers counted another chain, so "newer" would be
 * false), or by a newer Meterdesk. Null: a file this version can open (or migrate).
 */
export function generationRefusal(db: Database.Database, latest = loadMigrations().length): AppError | null {
  const schema = db.pragma('user_version', { simple: true }) as number;
  if (schema === 0) return null;
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (r) => r.name,
    ),
  );
  if (!tables.has('reading_days') && (tables.has('readings') || tables.has('reading_rows'))) {
    const files = importedFiles(db);
    return new AppError(
      'local_data',
      `This profile was written by an earlier Meterdesk, before its storage changed (schema ${schema} of the earlier numbering); this version cannot open it and changed nothing. Sync the account again into a new profile${files.length ? ` and import these files again: ${files.join(', ')}` : ''}. The old file stays as it is.`,
      { reason: 'db_before_redesign', params: { schema, files: files.join(', ') || '—' } },
    );
  }
  return schema > latest ? newerRefusal(schema, latest) : null;
}

export function migrate(db: Database.Database, migrations = loadMigrations()): { from: number; to: number } {
  const latest = migrations.length;
  const check = (from: number) => {
    if (from > latest) throw newerRefusal(from, latest);
  };
  const seen = db.pragma('user_version', { simple: true }) as number;
  check(seen);
  if (seen === latest) return { from: seen, to: latest };
  // One exclusive transaction for all pending migrations, which reads user_version again inside it: a
  // second process opening the same profile waits (busy_timeout) and then finds nothing left to do.
  let from = seen;
  db.transaction(() => {
    from = db.pragma('user_version', { simple: true }) as number;
    check(from);
    for (const m of migrations.slice(from)) {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }
  }).exclusive();
  return { from, to: latest };
}
