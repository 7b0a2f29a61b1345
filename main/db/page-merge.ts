/**
 * A page of readings merged into the open days of its series, by the store's rules (readings-store.ts:
 * the revision guard, the service's readings over imported ones, a revision recorded for each changed
 * value or quality). Shared by the local store and the team's (team-readings.ts): the rules live once.
 */
import type { ReadingColumns } from '../api/reading-columns';
import { AppError } from '../errors';
import { dayNumberOf } from '../time/local-days';
import { sourceCode } from './day-record';
import { heldAt, put, putNew, type OpenDay } from './open-day';

export interface WriteResult {
  inserted: number;
  updated: number;
  unchanged: number;
  revisions: number;
  /** Imported readings not written because the service's reading for that interval is stored. */
  kept: number;
  /** Local day numbers touched, per series id. */
  touchedDays: Map<number, Set<number>>;
}

/** A page's counts before it is applied. */
export function emptyWriteResult(): WriteResult {
  return { inserted: 0, updated: 0, unchanged: 0, revisions: 0, kept: 0, touchedDays: new Map() };
}

/** A revision's row: series, start, old value, quality, updated; new value, quality, updated; recorded, source. */
export type RevisionRow = [number, number, number, number, number, number, number, number, number, string];

const IMPORT = sourceCode('import');

/**
 * The open day each reading of a page goes to. Readings arrive in runs within one day of one register:
 * the day last used is kept at hand per register of the page (a feed page interleaves a meter's
 * registers), with its series looked up once a page — a key string and a lookup per reading were 7 %
 * of the first sync's CPU (issue 46).
 */
export function dayLocator(
  meterId: string,
  c: ReadingColumns,
  seriesOf: (
    meterId: string,
    obisCode: string,
    unit: string,
    resolutionSec: number,
  ) => { id: number; resolutionSec: number },
  openDay: (seriesId: number, resolutionSec: number, day: number) => OpenDay,
  tz: string,
) {
  const days = new Map<string, OpenDay>();
  const registers: ({ series: { id: number; resolutionSec: number }; last: OpenDay | null } | undefined)[] =
    [];
  const dayOf = (i: number): OpenDay => {
    const k = c.register[i]!;
    const start = c.startSec[i]!;
    let reg = registers[k];
    if (!reg) {
      const { obisCode, unit } = c.registers[k]!;
      // The resolution a new series gets from its first reading: hourly if that lasts an hour.
      const resolution = c.endSec[i]! - start === 3600 ? 3600 : 900;
      registers[k] = reg = { series: seriesOf(meterId, obisCode, unit ?? 'kWh', resolution), last: null };
    }
    const last = reg.last;
    if (last && start >= last.slots.dayStartSec && start < last.dayEndSec) return last;
    const day = dayNumberOf(start, tz);
    const dayKey = `${reg.series.id}:${day}`;
    let found = days.get(dayKey);
    if (!found) days.set(dayKey, (found = openDay(reg.series.id, reg.series.resolutionSec, day)));
    reg.last = found;
    return found;
  };
  return { days, dayOf };
}

const isoOrNumber = (sec: number) =>
  Number.isFinite(sec) ? new Date(sec * 1000).toISOString() : String(sec);
const notFinite = (meterId: string, c: ReadingColumns, i: number) =>
  new AppError(
    'bad_response',
    `A reading of meter ${meterId} at ${isoOrNumber(c.startSec[i]!)} has no finite value (${c.value[i]}); nothing of these readings was stored.`,
    { reason: 'reading_not_finite', params: { meterId } },
  );

/** Merges the page `c` of `meterId` into the days `dayOf` opens, counting into `result`. */
export function mergePage(
  meterId: string,
  c: ReadingColumns,
  dayOf: (i: number) => OpenDay,
  source: string,
  nowSec: number,
  result: WriteResult,
  revision: (row: RevisionRow) => void,
): void {
  const code = sourceCode(source);
  const isImport = code === IMPORT;
  for (let i = 0; i < c.length; i++) {
    // A value is finite (an empty slot is NaN while a day is written: open-day.ts); every source
    // checks that first, and the store refuses anything else whole rather than drop it.
    if (!Number.isFinite(c.value[i])) throw notFinite(meterId, c, i);
    const d = dayOf(i);
    const startSec = c.startSec[i]!;
    const given = c.updatedSec[i]!;
    const updatedSec = Number.isNaN(given) ? nowSec : given;
    const old = heldAt(d, startSec);
    if (old === undefined) {
      putNew(d, c, i, updatedSec, code);
      result.inserted += 1;
      continue;
    }
    const oldImported = old.source === IMPORT;
    if (isImport && !oldImported) {
      result.kept += 1; // the service's reading stays
      result.unchanged += 1;
      continue;
    }
    const value = c.value[i]!;
    const quality = c.quality[i]!;
    const endSec = c.endSec[i]!;
    const differs = old.value !== value || old.quality !== quality;
    // The service's reading replaces an imported one whatever their times say.
    const replacesImport = oldImported && !isImport;
    const newer = replacesImport || (Number.isNaN(given) ? differs : given > old.updatedSec);
    if (!newer) {
      result.unchanged += 1;
      continue;
    }
    if (!differs) {
      // Same value and quality, newer updated_sec (and the service's, if it was imported).
      put(d, startSec, endSec, { ...old, updatedSec, source: replacesImport ? code : old.source });
      result.unchanged += 1;
      continue;
    }
    revision([
      d.sid,
      startSec,
      old.value,
      old.quality,
      old.updatedSec,
      value,
      quality,
      updatedSec,
      nowSec,
      source,
    ]);
    put(d, startSec, endSec, { value, quality, updatedSec, source: code, revised: true });
    result.updated += 1;
    result.revisions += 1;
  }
}
