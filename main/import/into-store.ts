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
import { ImportError, type ParsedFile } from './types';
import { countReadings, readRange } from '../db/readings-read';
import { meterRow, metersAtPoint } from '../db/meter-reads';
import { seriesOf, similarSeries } from '../db/series-reads';
import { dayNumberOf } from '../time/local-days';

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
 * Quarter-hours of the file whose value differs from what an earlier file stored for the same meter
 * and register (the service's readings are never replaced and are counted apart): their number, the
 * first few, and the keys to leave out when they are kept.
 */
export function importConflicts(
  db: Database.Database,
  meterId: string,
  parsed: ParsedFile,
): {
  count: number;
  sample: { obisCode: string; startSec: number; stored: number; file: number }[];
  keys: Set<string>;
} {
  const out = {
    count: 0,
    sample: [] as { obisCode: string; startSec: number; stored: number; file: number }[],
    keys: new Set<string>(),
  };
  const kwhSeries = (meterId: string, obisCode: string) => {
    const s = seriesOf(db, meterId, obisCode);
    return s?.unit === 'kWh' ? s : null;
  };
  for (const s of parsed.series) {
    const sid = kwhSeries(meterId, s.obisCode)?.id;
    if (sid === undefined || s.startSec.length === 0) continue;
    const stored = new Map<number, { value: number; source: string }>();
    for (const r of readRange(db, sid, s.startSec[0]!, s.startSec[s.startSec.length - 1]! + s.intervalSec))
      stored.set(r[0], { value: r[2], source: r[6] });
    for (let i = 0; i < s.startSec.length; i++) {
      const x = stored.get(s.startSec[i]!);
      if (!x || x.source !== 'import' || Math.abs(x.value - s.valueKwh[i]!) < 1e-9) continue;
      out.count++;
      out.keys.add(`${s.obisCode}|${s.startSec[i]}`);
      if (out.sample.length < 5)
        out.sample.push({
          obisCode: s.obisCode,
          startSec: s.startSec[i]!,
          stored: x.value,
          file: s.valueKwh[i]!,
        });
    }
  }
  return out;
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

/**
 * A register the target meter already holds at another interval (quarter-hours vs hours), or null. One
 * series has one interval: an hourly file does not go into a quarter-hour series (nor the reverse); it
 * becomes a meter of its own.
 */
export function intervalConflict(
  db: Database.Database,
  meterId: string,
  parsed: ParsedFile,
): { obisCode: string; storedSec: number; fileSec: number } | null {
  for (const s of parsed.series) {
    const found = seriesOf(db, meterId, s.obisCode);
    const stored = found?.unit === 'kWh' ? (found.resolution_sec ?? undefined) : undefined;
    if (stored !== undefined && stored !== s.intervalSec)
      return { obisCode: s.obisCode, storedSec: stored, fileSec: s.intervalSec };
  }
  return null;
}

/** The person's sentence for an interval conflict. */
export function intervalConflictText(c: { obisCode: string; storedSec: number; fileSec: number }): string {
  const word = (sec: number) => (sec === 3600 ? 'hourly values' : 'quarter-hours');
  return `This meter holds ${word(c.storedSec)} of ${c.obisCode}, the file ${word(c.fileSec)}: one series keeps one interval, so the file cannot go into it. Import it as a new meter (choose "new meter" as the target).`;
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
): ImportWrite {
  const mismatch = intervalConflict(db, target.meterId, parsed);
  if (mismatch) throw new ImportError('resolution_mismatch', intervalConflictText(mismatch));
  const conflicts = onConflict === 'keep' ? importConflicts(db, target.meterId, parsed) : null;
  // Written in pages of at most PAGE readings (one transaction around them all): the rows of a large
  // file never exist as objects all at once.
  const PAGE = 20_000;
  const pages = function* () {
    for (const s of parsed.series)
      for (let from = 0; from < s.startSec.length; from += PAGE)
        yield s.startSec
          .slice(from, from + PAGE)
          .map((startSec, k) => ({
            obisCode: s.obisCode,
            startSec,
            endSec: startSec + s.intervalSec,
            value: s.valueKwh[from + k]!,
            quality: s.quality[from + k]!,
            updatedSec: null,
          }))
          .filter((r) => !conflicts?.keys.has(`${r.obisCode}|${r.startSec}`));
  };
  const total = parsed.series.reduce((n, s) => n + s.startSec.length, 0);
  const lastEnd = Math.max(...parsed.series.map((s) => s.startSec[s.startSec.length - 1]! + s.intervalSec));
  // The span the file covers: what its meter owes data up to (analysis/horizon.ts), kept in the log.
  const span = parsed.span ?? {
    fromSec: Math.min(...parsed.series.map((s) => s.startSec[0]!)),
    toSec: lastEnd,
  };
  // The days this file writes, per register (what undo snapshots and later restores).
  const touched = parsed.series.map((s) => ({
    obisCode: s.obisCode,
    days: new Set(s.startSec.map((sec) => dayNumberOf(sec, store.tz))),
  }));
  let out: ImportWrite | null = null;
  db.transaction(() => {
    const snap = snapshotBeforeImport(db, target.meterId, target.exists, touched);
    if (!target.exists)
      createImportedMeter(db, {
        meterId: target.meterId,
        customerId: IMPORTED_CUSTOMER_ID,
        siteId: `${IMPORTED_CUSTOMER_ID}-${slug(parsed.format.operator)}`,
        operator: parsed.format.operator,
        meteringPoint: parsed.meteringPoint ?? '',
        label: target.label,
        direction: parsed.direction,
        formatId: parsed.format.id,
        lastEndSec: lastEnd,
        nowSec,
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
