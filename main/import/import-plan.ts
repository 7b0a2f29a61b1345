/**
 * What a file writes into a meter, worked out once for both stores (a local profile: into-store.ts
 * `writeImport`; a team's server: team-import.ts): its readings in pages, without the quarter-hours an
 * earlier file stored with another value when those are kept, its span, its last end and the days it
 * touches per register.
 */
import type Database from 'better-sqlite3';
import { dayNumberOf } from '../time/local-days';
import type { ImportTarget } from './into-store';
import { readRange } from '../db/readings-read';
import { seriesOf } from '../db/series-reads';
import { ImportError, type ParsedFile } from './types';

/** A reading of the file as both stores' page writers take it. */
export interface PlannedReading {
  obisCode: string;
  startSec: number;
  endSec: number;
  value: number;
  quality: number;
  updatedSec: null;
}

export interface ImportPlan {
  /** Quarter-hours an earlier file stored with another value, kept (null: they are replaced). */
  conflicts: ReturnType<typeof importConflicts> | null;
  /** The readings in pages of at most PAGE: the rows of a large file never exist as objects all at once. */
  pages: () => Generator<PlannedReading[]>;
  total: number;
  lastEnd: number;
  /** The span the file covers: what its meter owes data up to (analysis/horizon.ts), kept in the log. */
  span: { fromSec: number; toSec: number };
  /** The days this file writes, per register (what undo snapshots and later restores). */
  touched: { obisCode: string; days: Set<number> }[];
}

const PAGE = 20_000;

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

/** The plan of `parsed` into `target`, checked against what `db` holds (one interval per series). */
export function planImport(
  db: Database.Database,
  parsed: ParsedFile,
  target: ImportTarget,
  tz: string,
  onConflict: 'keep' | 'replace',
): ImportPlan {
  const mismatch = intervalConflict(db, target.meterId, parsed);
  if (mismatch) throw new ImportError('resolution_mismatch', intervalConflictText(mismatch));
  const conflicts = onConflict === 'keep' ? importConflicts(db, target.meterId, parsed) : null;
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
  const span = parsed.span ?? {
    fromSec: Math.min(...parsed.series.map((s) => s.startSec[0]!)),
    toSec: lastEnd,
  };
  const touched = parsed.series.map((s) => ({
    obisCode: s.obisCode,
    days: new Set(s.startSec.map((sec) => dayNumberOf(sec, tz))),
  }));
  return { conflicts, pages, total, lastEnd, span, touched };
}
