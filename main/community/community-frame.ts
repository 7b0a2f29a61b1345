/**
 * A community's frame: the one span every figure of its view and what-if describes. The requested
 * span is clipped to "now" (the services' clock) and then to the local days from the members' first
 * to their last reading (no figures for days that have not happened or were never delivered to
 * anyone: those are no answer; the view says it was narrowed). Like analysis/frame.ts `Framed`, it is
 * branded: only `frameCommunity` makes one, so the view, the what-if and the report cannot compute
 * over a raw span.
 */
import type Database from 'better-sqlite3';
import type { CommunityMember } from '../../preload/contract';
import { readGridValues, type StoredReading } from '../db/readings-read';
import { meterRow } from '../db/meter-reads';
import { registersOf } from '../db/series-reads';
import { AppError } from '../errors';

declare const communityFramedBrand: unique symbol;

export interface CommunityFramed {
  readonly fromSec: number;
  readonly toSec: number;
  readonly askedFromSec: number;
  readonly askedToSec: number;
  /** The span was narrowed (to now, or to the members' data). */
  readonly clampedToData: boolean;
  readonly data: readonly MemberData[];
  /** Members whose meter is no longer in the profile (by meter id): not counted, and said. */
  readonly goneMeterIds: readonly string[];
  readonly [communityFramedBrand]: true;
}

function checkSpan(fromSec: number, toSec: number): void {
  if (toSec <= fromSec || toSec - fromSec > 3 * 366 * 86_400)
    throw new AppError('invalid_input', 'Choose a span of at most 3 years, with its end after its start.', {
      reason: 'range_invalid',
    });
}

export function frameCommunity(
  db: Database.Database,
  members: readonly CommunityMember[],
  span: { fromSec: number; toSec: number },
  nowSec: number,
  _tz: string,
): CommunityFramed {
  checkSpan(span.fromSec, span.toSec);
  const upTo = Math.max(span.fromSec, Math.min(span.toSec, nowSec));
  const { data, gone } = loadMembers(db, members, span.fromSec, upTo);
  const { fromSec, toSec } = dataSpan(data, span.fromSec, upTo);
  return {
    fromSec,
    toSec,
    askedFromSec: span.fromSec,
    askedToSec: span.toSec,
    clampedToData: fromSec !== span.fromSec || toSec !== span.toSec,
    data,
    goneMeterIds: gone,
  } as unknown as CommunityFramed;
}

export type Register = 'g01' | 'g02' | 'g03' | 'p01';

export interface MemberData {
  meterId: string;
  label: string;
  meteringPoint: string;
  role: 'consumer' | 'producer';
  rows: CommunityMember[];
  registers: Partial<Record<Register, string>>;
  values: Partial<Record<Register, QhValues>>;
}

/**
 * The register codes a member's role reads, by what they hold (community suffixes allowed); matched in
 * any case, as SQL's LIKE did before these moved out of SQL.
 */
const REGISTER_CODES: Record<
  'consumer' | 'producer',
  Partial<Record<Register, (obis: string) => boolean>>
> = {
  consumer: {
    g01: (o) => o === '1-1:1.9.0 G.01' || o === '1-1:1.9.0',
    g02: (o) => /G\.02$/i.test(o) || /G\.02 EG-/i.test(o),
    g03: (o) => /G\.03$/i.test(o) || /G\.03 EG-/i.test(o),
  },
  producer: {
    g01: (o) => o === '1-1:2.9.0 G.01' || o === '1-1:2.9.0',
    p01: (o) => o.toLowerCase().startsWith('1-1:2.9.0 p.01'),
  },
};

/**
 * The members' registers and readings over [fromSec, toSec). A member whose meter is no longer in the
 * profile (a profile of an earlier build, whose undo left the membership) is not counted: it is in `gone`.
 */
/**
 * A register's values over a span by quarter-hour start, dense: a Float64Array with NaN where there is
 * no reading (8 bytes a quarter-hour; the Map it replaces took ~80, and a lookup per member and
 * quarter-hour was most of a community's year). Readings off the quarter-hour grid are not kept (the
 * community counts quarter-hours only).
 */
export class QhValues {
  private constructor(
    private readonly fromSec: number,
    private readonly v: Float64Array,
  ) {}

  /** A series' quarter-hours over [from, to), read straight into the array (db/readings-read.ts). */
  static read(db: Database.Database, seriesId: number, fromSec: number, toSec: number): QhValues {
    return new QhValues(fromSec, readGridValues(db, seriesId, fromSec, toSec, 900));
  }

  static of(rows: readonly StoredReading[], fromSec: number, toSec: number): QhValues {
    const v = new Float64Array(Math.max(0, Math.ceil((toSec - fromSec) / 900))).fill(Number.NaN);
    for (const r of rows) {
      const i = (r[0] - fromSec) / 900;
      if (Number.isInteger(i) && i >= 0 && i < v.length) v[i] = r[2];
    }
    return new QhValues(fromSec, v);
  }

  /** The value of the i-th quarter-hour from the values' start, 0 without one (the runs' pass: no division). */
  at(i: number): number {
    const x = this.v[i];
    return x === undefined || x !== x ? 0 : x;
  }

  /** The values as they are kept (NaN: no reading), for a run's tight loop; not to be changed. */
  dense(): Float64Array {
    return this.v;
  }

  /** The value at the quarter-hour starting at `t`, or undefined without one. */
  get(t: number): number | undefined {
    const i = (t - this.fromSec) / 900;
    const x = this.v[i];
    return x === undefined || x !== x ? undefined : x;
  }

  has(t: number): boolean {
    return this.get(t) !== undefined;
  }

  *values(): IterableIterator<number> {
    for (const x of this.v) if (x === x) yield x;
  }

  /** The first and the last quarter-hour start that hold a value, or null. */
  span(): { first: number; last: number } | null {
    let a = 0;
    while (a < this.v.length && this.v[a] !== this.v[a]) a++;
    if (a === this.v.length) return null;
    let b = this.v.length - 1;
    while (this.v[b] !== this.v[b]) b--;
    return { first: this.fromSec + a * 900, last: this.fromSec + b * 900 };
  }
}

export function loadMembers(
  db: Database.Database,
  members: readonly CommunityMember[],
  fromSec: number,
  toSec: number,
): { data: MemberData[]; gone: string[] } {
  const byMeter = new Map<string, CommunityMember[]>();
  for (const m of members)
    byMeter.set(`${m.role}|${m.meterId}`, [...(byMeter.get(`${m.role}|${m.meterId}`) ?? []), m]);
  const gone: string[] = [];
  const data = [...byMeter.values()].flatMap((rows) => {
    const first = rows[0]!;
    const meter = meterRow(db, first.meterId);
    if (!meter) {
      gone.push(first.meterId);
      return [];
    }
    const registers: MemberData['registers'] = {};
    const values: MemberData['values'] = {};
    const held = registersOf(db, first.meterId); // G.01 first, then by code
    const codes = Object.entries(REGISTER_CODES[first.role]) as [Register, (obis: string) => boolean][];
    for (const [reg, holds] of codes) {
      const s = held.find((r) => holds(r.obis_code));
      if (!s) continue;
      registers[reg] = s.obis_code;
      values[reg] = QhValues.read(db, s.id, fromSec, toSec);
    }
    return [
      {
        meterId: first.meterId,
        label: meter.label ?? first.meterId,
        meteringPoint: meter.metering_point,
        role: first.role,
        rows,
        registers,
        values,
      },
    ];
  });
  return { data, gone };
}

/** [from, to) narrowed to the members' data: from their first reading to the end of their last. */
function dataSpan(
  data: readonly MemberData[],
  fromSec: number,
  toSec: number,
): { fromSec: number; toSec: number } {
  let first = Infinity;
  let last = -Infinity;
  for (const m of data)
    for (const v of Object.values(m.values)) {
      const span = v.span();
      if (span && span.first < first) first = span.first;
      if (span && span.last > last) last = span.last;
    }
  if (first === Infinity) return { fromSec, toSec };
  // The data's own span, not its whole local days: an EDA report on its fixed UTC+1 grid that ends in
  // summer time ends at 00:45 of the next local day, and one that starts in summer time at 01:00 —
  // counted by whole days, every member "lacked" those two days (issue 42, item 15).
  return { fromSec: Math.max(fromSec, first), toSec: Math.min(toSec, last + 900) };
}
