/**
 * A parsed file into a profile database. Guarantees:
 * - One transaction per file: the meter it creates, every reading and the import record land together
 *   or not at all.
 * - Readings go through the readings store (rollups, quality counts, audit) with source `import`: they
 *   fill gaps and never replace what the readings service delivered.
 * - The meter: the one whose metering point the file names (or the one the person picked); otherwise a
 *   meter of the local "Imported" customer, whose id follows from the metering point (or, for files
 *   without one, from the format and direction), so the same file always lands on the same meter.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ReadingsStore } from '../db/readings-store';
import { AppError } from '../errors';
import type { ParsedFile } from './types';
import { countReadings } from '../db/readings-read';

/** The local customer that holds meters known only from imported files. */
export const IMPORTED_CUSTOMER_ID = 'local-imported';

export interface ImportTarget {
  meterId: string;
  /** The meter exists (from the service, or an earlier import). */
  exists: boolean;
  /** The meter came from the readings service (not a meter of imported files only). */
  isServiceMeter: boolean;
  label: string;
}

export interface ImportWrite {
  meterId: string;
  readings: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Quarter-hours the service had delivered: the service's values stay. */
  kept: number;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The id a meter of imported files gets (stable: the same file → the same meter). */
export function importedMeterId(parsed: ParsedFile): string {
  return parsed.meteringPoint
    ? `imp-${slug(parsed.meteringPoint)}`
    : `imp-${slug(parsed.format.id)}-${parsed.direction === 'feed_in' ? 'feed-in' : 'consumption'}`;
}

function labelOf(parsed: ParsedFile): string {
  const what = parsed.direction === 'feed_in' ? 'Einspeisung' : 'Verbrauch';
  return `${parsed.format.operator} – ${what}`;
}

export function resolveTarget(
  db: Database.Database,
  parsed: ParsedFile,
  chosenMeterId?: string | null,
): ImportTarget {
  type Row = {
    id: string;
    label: string | null;
    metering_point: string;
    energy_direction: string;
    raw_json: string;
  };
  const isService = (r: Row) => !(JSON.parse(r.raw_json) as { source?: string }).source?.startsWith('import');
  if (chosenMeterId) {
    const r = db
      .prepare('SELECT id, label, metering_point, energy_direction, raw_json FROM meters WHERE id = ?')
      .get(chosenMeterId) as Row | undefined;
    if (!r) throw new AppError('not_found', `No meter ${chosenMeterId} in this profile.`);
    return { meterId: r.id, exists: true, isServiceMeter: isService(r), label: r.label ?? r.metering_point };
  }
  if (parsed.meteringPoint) {
    const rows = db
      .prepare(
        'SELECT id, label, metering_point, energy_direction, raw_json FROM meters WHERE metering_point = ?',
      )
      .all(parsed.meteringPoint) as Row[];
    const r = rows.find((x) => x.energy_direction === parsed.direction) ?? rows[0];
    if (r)
      return {
        meterId: r.id,
        exists: true,
        isServiceMeter: isService(r),
        label: r.label ?? r.metering_point,
      };
  }
  const id = importedMeterId(parsed);
  const existing = db.prepare('SELECT label FROM meters WHERE id = ?').get(id) as
    { label: string | null } | undefined;
  return {
    meterId: id,
    exists: !!existing,
    isServiceMeter: false,
    label: existing?.label ?? labelOf(parsed),
  };
}

/** Stored readings of the service (not imported) in the file's range, per series: they will stay. */
export function serviceOverlap(db: Database.Database, meterId: string, parsed: ParsedFile): number {
  let n = 0;
  for (const s of parsed.series)
    n += countReadings(db, meterId, s.startSec[0]!, s.startSec[s.startSec.length - 1]! + 1, {
      obisCode: s.obisCode,
      except: 'import',
    });
  return n;
}

/** When this file (by content) went into this meter before, if it did. */
export function importedBefore(db: Database.Database, hash: string, meterId: string): number | null {
  const r = db
    .prepare('SELECT max(imported_sec) AS t FROM imports WHERE sha256 = ? AND meter_id = ?')
    .get(hash, meterId) as { t: number | null };
  return r.t;
}

export function writeImport(
  db: Database.Database,
  store: ReadingsStore,
  parsed: ParsedFile,
  target: ImportTarget,
  file: { name: string; sha256: string },
  nowSec: number,
): ImportWrite {
  // Written in pages of at most PAGE readings (one transaction around them all): the rows of a large
  // file never exist as objects all at once.
  const PAGE = 20_000;
  const pages = function* () {
    for (const s of parsed.series)
      for (let from = 0; from < s.startSec.length; from += PAGE)
        yield s.startSec.slice(from, from + PAGE).map((startSec, k) => ({
          obisCode: s.obisCode,
          startSec,
          endSec: startSec + 900,
          value: s.valueKwh[from + k]!,
          quality: s.quality[from + k]!,
          updatedSec: null,
        }));
  };
  const total = parsed.series.reduce((n, s) => n + s.startSec.length, 0);
  const lastEnd = Math.max(...parsed.series.map((s) => s.startSec[s.startSec.length - 1]! + 900));
  let out: ImportWrite | null = null;
  db.transaction(() => {
    if (!target.exists) {
      db.prepare(
        `INSERT INTO customers (id, name, email) VALUES (?, 'Imported', NULL) ON CONFLICT (id) DO NOTHING`,
      ).run(IMPORTED_CUSTOMER_ID);
      const siteId = `${IMPORTED_CUSTOMER_ID}-${slug(parsed.format.operator)}`;
      db.prepare(
        'INSERT INTO sites (id, customer_id, name, address) VALUES (?, ?, ?, NULL) ON CONFLICT (id) DO NOTHING',
      ).run(siteId, IMPORTED_CUSTOMER_ID, parsed.format.operator);
      db.prepare(
        `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, is_demo, latest_data_sec, created_sec, consent_state, consent_expires_sec, raw_json, seen_sec)
         VALUES (?, ?, ?, ?, 'electricity', 'quarter_hour', 'imported', ?, 0, ?, ?, NULL, NULL, ?, ?)`,
      ).run(
        target.meterId,
        parsed.meteringPoint ?? '',
        target.label,
        parsed.direction,
        siteId,
        lastEnd,
        nowSec,
        JSON.stringify({ source: 'import', format: parsed.format.id, operator: parsed.format.operator }),
        nowSec,
      );
    } else if (!target.isServiceMeter) {
      db.prepare('UPDATE meters SET latest_data_sec = max(coalesce(latest_data_sec, 0), ?) WHERE id = ?').run(
        lastEnd,
        target.meterId,
      );
    }
    const w = { inserted: 0, updated: 0, unchanged: 0, kept: 0 };
    for (const page of pages()) {
      const r = store.applyPage(target.meterId, page, 'import', nowSec);
      w.inserted += r.inserted;
      w.updated += r.updated;
      w.unchanged += r.unchanged;
      w.kept += r.kept;
    }
    db.prepare(
      `INSERT INTO imports (meter_id, file_name, sha256, format, imported_sec, readings, inserted, updated, kept)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      target.meterId,
      file.name,
      file.sha256,
      parsed.format.id,
      nowSec,
      total,
      w.inserted,
      w.updated,
      w.kept,
    );
    out = {
      meterId: target.meterId,
      readings: total,
      inserted: w.inserted,
      updated: w.updated,
      unchanged: w.unchanged,
      kept: w.kept,
    };
  }).immediate();
  return out!;
}
