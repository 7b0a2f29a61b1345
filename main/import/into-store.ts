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
import {
  createImportedMeter,
  extendLatestData,
  recordImport,
  snapshotBeforeImport,
} from '../db/import-record';
import { slugOf } from '../../common/slug';
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ReadingsStore } from '../db/readings-store';
import { AppError } from '../errors';
import type { ParsedFile } from './types';
import { countReadings, readRange } from '../db/readings-read';
import { meterRow, metersAtPoint } from '../db/meter-reads';
import { similarSeries } from '../db/series-reads';
import { planImport } from './import-plan';
export { importConflicts, intervalConflict, intervalConflictText } from './import-plan';

/** The local customer that holds meters known only from imported files. */
export { IMPORTED_CUSTOMER_ID } from '../../common/imported-customer';
import { IMPORTED_CUSTOMER_ID } from '../../common/imported-customer';

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
  /** Quarter-hours an earlier file stored with another value, kept (not replaced). */
  conflictsKept: number;
}

const slug = (text: string) => slugOf(text, 60);

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The site of an operator's imported meters under the "Imported" customer. */
export function importedSiteId(operator: string): string {
  return `${IMPORTED_CUSTOMER_ID}-${slug(operator)}`;
}

/** The meter a file makes where its target does not exist yet (a local profile's and a team's alike). */
export function newImportedMeter(
  parsed: ParsedFile,
  target: ImportTarget,
  lastEndSec: number,
  nowSec: number,
) {
  return {
    meterId: target.meterId,
    siteId: importedSiteId(parsed.format.operator),
    operator: parsed.format.operator,
    meteringPoint: parsed.meteringPoint ?? '',
    label: target.label,
    direction: parsed.direction,
    formatId: parsed.format.id,
    lastEndSec,
    nowSec,
  };
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
  /** The file (its name and SHA-256): a file without a metering point becomes a meter of its own. */
  file?: { name: string; sha256: string },
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
    const r = meterRow(db, chosenMeterId);
    if (!r)
      throw new AppError('not_found', `No meter ${chosenMeterId} in this profile.`, {
        reason: 'unknown_in_profile',
        params: { kind: 'meter', id: chosenMeterId },
      });
    return { meterId: r.id, exists: true, isServiceMeter: isService(r), label: r.label ?? r.metering_point };
  }
  if (parsed.meteringPoint) {
    const rows = metersAtPoint(db, parsed.meteringPoint);
    const r = rows.find((x) => x.energy_direction === parsed.direction) ?? rows[0];
    if (r)
      return {
        meterId: r.id,
        exists: true,
        isServiceMeter: isService(r),
        label: r.label ?? r.metering_point,
      };
  }
  // A file without a metering point is never put on another file's meter by guess (issue 31): it
  // becomes a meter of its own, named after the file, unless the person chooses one.
  const id =
    !parsed.meteringPoint && file
      ? `imp-${slug(parsed.format.id)}-${parsed.direction === 'feed_in' ? 'feed-in' : 'consumption'}-${file.sha256.slice(0, 10)}`
      : importedMeterId(parsed);
  const existing = meterRow(db, id);
  return {
    meterId: id,
    exists: !!existing,
    isServiceMeter: false,
    label:
      existing?.label ??
      (!parsed.meteringPoint && file ? `${labelOf(parsed)} (${file.name})` : labelOf(parsed)),
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

/**
 * A meter this file without a metering point seems to belong to: the one whose stored quarter-hours
 * agree with the file's wherever both have a value (at least a day of them, all equal) — e.g. the same
 * November exported as TINETZ v2 (no metering point) and v3 (with one). Only a suggestion.
 */
export function suggestMeter(
  db: Database.Database,
  parsed: ParsedFile,
  exclude: string,
): { meterId: string; label: string; overlap: number } | null {
  const s = parsed.series[0];
  if (!s || s.startSec.length === 0) return null;
  const from = s.startSec[0]!;
  const to = s.startSec[s.startSec.length - 1]! + s.intervalSec;
  const candidates = similarSeries(db, s.obisCode, exclude, parsed.direction, s.intervalSec);
  const fileValues = new Map(s.startSec.map((t, i) => [t, s.valueKwh[i]!]));
  let best: { meterId: string; label: string; overlap: number } | null = null;
  for (const c of candidates) {
    let overlap = 0;
    let agree = true;
    for (const r of readRange(db, c.sid, from, to)) {
      const v = fileValues.get(r[0]);
      if (v === undefined) continue;
      overlap++;
      if (Math.abs(v - r[2]) > 1e-9) {
        agree = false;
        break;
      }
    }
    if (agree && overlap >= 86_400 / s.intervalSec && (!best || overlap > best.overlap))
      best = { meterId: c.id, label: c.label, overlap };
  }
  return best;
}

export { importedBefore } from '../db/import-log';

export function writeImport(
  db: Database.Database,
  store: ReadingsStore,
  parsed: ParsedFile,
  target: ImportTarget,
  file: { name: string; sha256: string },
  nowSec: number,
  /** Quarter-hours stored by an earlier file with another value: kept (the default) or replaced. */
  onConflict: 'keep' | 'replace' = 'keep',
  /** Who imports it; a team's copy: the id the server gave the import (no undo record is kept). */
  record: { by?: string | null; teamId?: number } = {},
): ImportWrite {
  const { conflicts, pages, total, lastEnd, span, touched } = planImport(
    db,
    parsed,
    target,
    store.tz,
    onConflict,
  );
  let out: ImportWrite | null = null;
  db.transaction(() => {
    const snap = snapshotBeforeImport(db, target.meterId, target.exists, touched);
    if (!target.exists)
      createImportedMeter(db, {
        ...newImportedMeter(parsed, target, lastEnd, nowSec),
        customerId: IMPORTED_CUSTOMER_ID,
      });
    else if (!target.isServiceMeter) extendLatestData(db, target.meterId, lastEnd);
    const w = { inserted: 0, updated: 0, unchanged: 0, kept: 0 };
    for (const page of pages()) {
      const r = store.applyPage(target.meterId, page, 'import', nowSec);
      w.inserted += r.inserted;
      w.updated += r.updated;
      w.unchanged += r.unchanged;
      w.kept += r.kept;
    }
    recordImport(db, snap, {
      meterId: target.meterId,
      fileName: file.name,
      sha256: file.sha256,
      formatId: parsed.format.id,
      nowSec,
      readings: total,
      written: w,
      createdMeter: !target.exists,
      touched,
      span,
      ...record,
    });
    out = {
      meterId: target.meterId,
      readings: total,
      inserted: w.inserted,
      updated: w.updated,
      unchanged: w.unchanged,
      kept: w.kept,
      conflictsKept: conflicts?.count ?? 0,
    };
  }).immediate();
  return out!;
}
