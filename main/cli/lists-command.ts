/**
 * `meterdesk meters`, `sites`, `tariffs`: the ids other commands take (`--meter`, `--site`,
 * `--tariff-id`), as text or `--json`; and `resolveMeter`, so every `--meter` also takes a metering
 * point.
 */
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { latestOfMeters } from '../db/readings-read';
import { assertIntact, assertWritablePlace, openDatabase, openForReading } from '../db/open';
import { AppError } from '../errors';
import { importLog, undoImport } from '../import/into-store';
import { UsageError } from './usage-error';

/** A meter by its id or its metering point; a clear error when there is none. */
export function resolveMeter(
  db: Database.Database,
  idOrPoint: string,
): { id: string; meteringPoint: string } {
  const m = db
    .prepare(
      'SELECT id, metering_point FROM meters WHERE id = ? OR metering_point = ? ORDER BY id = ? DESC LIMIT 1',
    )
    .get(idOrPoint, idOrPoint, idOrPoint) as { id: string; metering_point: string } | undefined;
  if (!m)
    throw new AppError(
      'local_data',
      `No meter "${idOrPoint}" (id or metering point) in this database. "meterdesk meters" lists them.`,
    );
  return { id: m.id, meteringPoint: m.metering_point };
}

export function listCommand(
  what: 'meters' | 'sites' | 'tariffs',
  a: { dbPath: string; json: boolean },
): void {
  if (!existsSync(a.dbPath))
    throw new AppError('local_data', `No Meterdesk database at ${a.dbPath}. Sync or import first.`);
  const db = openForReading(a.dbPath, (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const rows = what === 'meters' ? meters(db) : what === 'sites' ? sites(db) : tariffs(db);
    if (a.json) {
      process.stdout.write(JSON.stringify(rows) + '\n');
      return;
    }
    if (rows.length === 0) process.stdout.write(`No ${what} in this database.\n`);
    for (const r of rows)
      process.stdout.write(
        Object.values(r)
          .map((v) => (v === null ? '–' : String(v)))
          .join('  ') + '\n',
      );
  } finally {
    db.close();
  }
}

function meters(db: Database.Database) {
  const list = db
    .prepare(
      `SELECT m.id, m.metering_point, m.label, m.commodity, m.energy_direction, m.status, m.site_id, s.customer_id
         FROM meters m LEFT JOIN sites s ON s.id = m.site_id ORDER BY m.metering_point, m.id`,
    )
    .all() as {
    id: string;
    metering_point: string;
    label: string | null;
    commodity: string;
    energy_direction: string;
    status: string;
    site_id: string | null;
    customer_id: string | null;
  }[];
  return list.map((m) => {
    const last = latestOfMeters(db, [m.id]);
    return { ...m, latest_reading_at: last ? new Date(last.endSec * 1000).toISOString() : null };
  });
}

function sites(db: Database.Database) {
  return db
    .prepare(
      `SELECT s.id, s.name, s.customer_id, c.name AS customer, (SELECT count(*) FROM meters m WHERE m.site_id = s.id) AS meters
         FROM sites s LEFT JOIN customers c ON c.id = s.customer_id ORDER BY c.name, s.name`,
    )
    .all() as {
    id: string;
    name: string;
    customer_id: string | null;
    customer: string | null;
    meters: number;
  }[];
}

function tariffs(db: Database.Database) {
  return (db.prepare('SELECT id, json FROM tariffs ORDER BY id').all() as { id: string; json: string }[]).map(
    (r) => {
      let t: {
        name?: string;
        direction?: string;
        commodity?: string;
        energy?: { type?: string };
        isExample?: boolean;
      };
      try {
        t = JSON.parse(r.json) as typeof t;
      } catch {
        t = {};
      }
      return {
        id: r.id,
        name: t.name ?? null,
        direction: t.direction ?? null,
        commodity: t.commodity ?? 'electricity',
        energy: t.energy?.type ?? null,
        example: t.isExample ?? false,
      };
    },
  );
}

/** `meterdesk imports` (the log) and `meterdesk imports undo ID`. */
export function importsCommand(a: { dbPath: string; json: boolean; args: string[] }): void {
  if (!existsSync(a.dbPath))
    throw new AppError('local_data', `No Meterdesk database at ${a.dbPath}. Sync or import first.`);
  const [sub, id, ...rest] = a.args;
  if (sub !== undefined && sub !== 'undo')
    throw new UsageError(`Unknown "imports ${sub}": use "imports" or "imports undo ID".`);
  if (sub === 'undo') {
    if (!id || !/^\d+$/.test(id) || rest.length > 0)
      throw new UsageError('imports undo needs one import ID ("meterdesk imports" lists them).');
    assertWritablePlace(a.dbPath);
    const db = openDatabase(a.dbPath);
    try {
      assertIntact(db);
      const r = undoImport(db, Number(id), Math.floor(Date.now() / 1000));
      if (a.json)
        process.stdout.write(
          JSON.stringify({ undone: Number(id), meter_id: r.meterId, days: r.days }) + '\n',
        );
      else
        process.stdout.write(
          `Import ${id} undone: ${r.days} days of meter ${r.meterId} are as they were before it.\n`,
        );
    } finally {
      db.close();
    }
    return;
  }
  const db = openForReading(a.dbPath, (m) => process.stderr.write(`meterdesk: ${m}\n`));
  try {
    const log = importLog(db);
    if (a.json) {
      process.stdout.write(JSON.stringify(log) + '\n');
      return;
    }
    if (log.length === 0) process.stdout.write('No imports in this database.\n');
    for (const e of log)
      process.stdout.write(
        `${e.id}  ${new Date(e.importedSec * 1000).toISOString()}  ${e.fileName}  → ${e.meterId}  ${e.readings} readings (${e.inserted} new, ${e.updated} changed, ${e.kept} kept)${e.undoneSec !== null ? '  undone' : e.undoable ? '' : '  (no undo record)'}\n`,
      );
  } finally {
    db.close();
  }
}
