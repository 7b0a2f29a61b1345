/**
 * Schema migrations. Policy: files in `migrations/` are numbered `NNNN_name.sql`, append-only and
 * never edited once landed; `PRAGMA user_version` records the last one applied; all pending ones run in
 * one exclusive transaction that re-reads it (two processes opening one profile migrate it once); a database written by a newer Meterdesk is refused rather than damaged.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { AppError } from '../errors';

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

export function migrate(db: Database.Database, migrations = loadMigrations()): { from: number; to: number } {
  const latest = migrations.length;
  const check = (from: number) => {
    if (from > latest)
      throw new AppError(
        'local_data',
        `This data was written by a newer Meterdesk (schema ${from}, this version knows ${latest}). Update Meterdesk to open it; nothing was changed.`,
      );
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
