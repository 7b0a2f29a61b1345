// One result on every surface, on seeded random profiles (issue 41, item 2): meters that start in the
// middle of a year, stop before "now", miss whole days and single quarter-hours, carry estimated and
// unreliable values, an hourly series, a meter with import and export — written through the readings
// store into a real SQLite file. For random periods (a day, a week, a month, the current month, a
// year, a DST day, a zoomed span), the range figures (what the meter view shows), data health,
// monthly peaks, the carpet, the load duration curve and the day profiles are compared on screen (the
// query thread's functions), in their CSV (written and parsed back) and with an oracle here that
// shares no code with the app: Luxon for local time, plain filtering, counting and sorting for the
// rest. The page as Chromium renders it is held to an oracle in test/e2e/figures-oracle.spec.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { queryQuality } from '../../main/analysis/quality';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import {
  expectCarpetOnSurfaces,
  expectCompareOnSurfaces,
  expectDurationOnSurfaces,
  expectHealthOnSurfaces,
  expectPeaksOnSurfaces,
  expectProfilesOnSurfaces,
  type CarpetDay,
  type CompareOracle,
  type ComparePeriod,
  type ProfileCurves,
} from './surfaces';

const ZONE = 'Europe/Vienna';
const NOW = DateTime.fromISO('2026-11-20T13:00:00', { zone: ZONE }).toSeconds();

/** A seeded generator (mulberry32): the same profile for a seed on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Point {
  start: number;
  value: number;
  quality: number;
}
interface Register {
  meterId: string;
  obisCode: string;
  res: 900 | 3600;
  points: Point[];
}

const day = (iso: string) => DateTime.fromISO(iso, { zone: ZONE });
/** The registers of the profile under test (the horizon is the account's). */
const REGISTERS: { current: Register[] } = { current: [] };

/** One meter's register: local days from `first` to `last` (inclusive), gaps and qualities at random. */
function generate(
  r: () => number,
  meterId: string,
  obisCode: string,
  res: 900 | 3600,
  first: DateTime,
  last: DateTime,
): Register {
  const points: Point[] = [];
  const feedIn = obisCode.includes('2.9.0');
  for (let d = first; d <= last; d = d.plus({ days: 1 })) {
    if (r() < 0.02) continue; // a whole day missing
    const estimatedDay = r() < 0.03;
    for (let t = d.toSeconds(); t < d.plus({ days: 1 }).toSeconds(); t += res) {
      if (r() < 0.003) continue; // a single interval missing
      const hour = DateTime.fromSeconds(t, { zone: ZONE }).hour;
      const base = feedIn ? Math.max(0, Math.sin(((hour - 6) / 14) * Math.PI)) * r() : 0.05 + r() * 0.3;
      const value = Math.round(base * (res / 900) * 1000) / 1000;
      const quality = estimatedDay ? 2 : r() < 0.002 ? 3 : 1;
      points.push({ start: t, value, quality });
    }
  }
  return { meterId, obisCode, res, points };
}

/** A seed's profile: four meters of different shapes, written through the readings store. */
function profile(seed: number) {
  const r = rng(seed);
  const startOf = (lo: string, spanDays: number) => day(lo).plus({ days: Math.floor(r() * spanDays) });
  const registers: Register[] = [
    // Added in the middle of 2025, data up to yesterday.
    generate(r, 'a', '1-1:1.9.0 G.01', 900, startOf('2025-03-01', 200), day('2026-11-19')),
    // Hourly values (an hourly portal export), a shorter span.
    generate(r, 'b', '1-1:1.9.0 G.01', 3600, startOf('2025-09-01', 60), day('2026-10-31')),
    // Data stopped three weeks before now: the current month is mostly gaps.
    generate(r, 'c', '1-1:1.9.0 G.01', 900, startOf('2024-11-01', 90), day('2026-10-29')),
    // Import and export on one meter.
    generate(r, 'd', '1-1:1.9.0 G.01', 900, day('2025-12-01'), day('2026-11-19')),
    generate(r, 'd', '1-1:2.9.0 G.01', 900, day('2025-12-01'), day('2026-11-19')),
  ];
  REGISTERS.current = registers;
  const path = join(mkdtempSync(join(tmpdir(), `md-random-${seed}-`)), 'meterdesk.sqlite');
  const db = openDatabase(path);
  for (const id of ['a', 'b', 'c', 'd'])
    db.prepare(
      `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
       VALUES (?, ?, ?, 'consumption', 'electricity', 'quarter_hour', 'connected', NULL, '{}', ?)`,
    ).run(id, `AT00100000000000000000000000${seed}${id.charCodeAt(0)}`.slice(0, 33), id, NOW);
  const store = createReadingsStore(db, ZONE);
  for (const g of registers)
    for (let i = 0; i < g.points.length; i += 20_000)
      store.applyPage(
        g.meterId,
        g.points.slice(i, i + 20_000).map((p) => ({
          obisCode: g.obisCode,
          unit: 'kWh',
          startSec: p.start,
          endSec: p.start + g.res,
          value: p.value,
          quality: p.quality as 1 | 2 | 3,
          updatedSec: NOW - 86_400,
        })),
        'sync',
        NOW,
      );
  return { db, registers, r };
}

/**
 * What is owed, the plain way (every meter here is synced, of one account): up to the end of the newest
 * reading any meter holds, and in any case up to the start of yesterday (the day before yesterday is
 * owed whatever was delivered), or the register's own latest reading if later; never after now.
 */
function horizonOf(g: Register, all: readonly Register[]): number {
  const ends = all.map((x) => x.points[x.points.length - 1]!.start + x.res);
  const due = DateTime.fromSeconds(NOW, { zone: ZONE }).startOf('day').minus({ days: 1 }).toSeconds();
  const own = g.points[g.points.length - 1]!.start + g.res;
  return Math.min(NOW, Math.max(due, own, ...ends));
}

/** The frame, the plain way: up to what is owed, from the first reading. */
function frameOf(g: Register, reqFrom: number, reqTo: number) {
  const horizon = horizonOf(g, REGISTERS.current);
  const up = (s: number) => Math.ceil(s / g.res) * g.res;
  const down = (s: number) => Math.floor(s / g.res) * g.res;
  let from = up(reqFrom);
  let to = down(Math.min(reqTo, horizon));
  if (g.points[0]!.start > from) from = Math.min(g.points[0]!.start, Math.max(to, from));
  if (to < from) to = from;
  return { from, to };
}

function oracleFigures(g: Register, reqFrom: number, reqTo: number) {
  const { from, to } = frameOf(g, reqFrom, reqTo);
  const inside = g.points.filter((p) => p.start >= from && p.start < to);
  let peak: Point | null = null;
  for (const p of inside) if (!peak || p.value > peak.value) peak = p;
  return {
    from,
    to,
    readings: inside.length,
    expected: (to - from) / g.res,
    kwh: inside.reduce((a, p) => a + p.value, 0),
    quality: [1, 2, 3].map((q) => inside.filter((p) => p.quality === q).length),
    peakKw: peak ? (peak.value * 3600) / g.res : null,
    peakAt: peak?.start ?? null,
    inside,
  };
}

/** Local days of the frame, each with its intervals and those received. */
function oracleHealth(g: Register, from: number, to: number, inside: Point[]) {
  const perDay = new Map<string, number>();
  for (const p of inside) {
    const d = DateTime.fromSeconds(p.start, { zone: ZONE }).toISODate()!;
    perDay.set(d, (perDay.get(d) ?? 0) + 1);
  }
  const out: { day: string; expected: number; received: number }[] = [];
  for (
    let d = DateTime.fromSeconds(from, { zone: ZONE }).startOf('day');
    d.toSeconds() < to;
    d = d.plus({ days: 1 })
  )
    out.push({
      day: d.toISODate()!,
      // A day the frame cuts (a first reading at noon) expects its part inside the frame.
      expected: (Math.min(d.plus({ days: 1 }).toSeconds(), to) - Math.max(d.toSeconds(), from)) / g.res,
      received: perDay.get(d.toISODate()!) ?? 0,
    });
  return out;
}

function oraclePeaks(from: number, to: number, inside: Point[]) {
  const months = new Map<string, { peak: number; received: number }>();
  for (const p of inside) {
    const m = DateTime.fromSeconds(p.start, { zone: ZONE }).toFormat('yyyy-MM');
    const cur = months.get(m) ?? { peak: -Infinity, received: 0 };
    months.set(m, { peak: Math.max(cur.peak, p.value), received: cur.received + 1 });
  }
  return [...months].map(([month, v]) => {
    const m0 = day(`${month}-01`);
    const a = Math.max(m0.toSeconds(), from);
    const b = Math.min(m0.plus({ months: 1 }).toSeconds(), to);
    return {
      month,
      powerKw: Math.round(v.peak * 4 * 1000) / 1000,
      received: v.received,
      expected: (b - a) / 900,
    };
  });
}

/** The carpet: each local day of the frame with its real number of quarter-hours, kWh where read. */
function oracleCarpet(from: number, to: number, inside: Point[]): CarpetDay[] {
  const at = new Map(inside.map((p) => [p.start, p.value]));
  const out: CarpetDay[] = [];
  for (
    let d = DateTime.fromSeconds(from, { zone: ZONE }).startOf('day');
    d.toSeconds() < to;
    d = d.plus({ days: 1 })
  ) {
    const slots = (d.plus({ days: 1 }).toSeconds() - d.toSeconds()) / 900;
    out.push({
      day: d.toISODate()!,
      slots,
      values: Array.from({ length: slots }, (_, i) => at.get(d.toSeconds() + i * 900) ?? null),
    });
  }
  return out;
}

/** The duration curve: every quarter-hour's kW, highest first, and its 90th percentile (linear). */
function oracleDuration(inside: Point[]) {
  const kw = inside.map((p) => p.value * 4).sort((a, b) => b - a);
  const asc = [...kw].reverse();
  const i = (asc.length - 1) * 0.9;
  const p90 = asc.length
    ? asc[Math.floor(i)]! + (asc[Math.ceil(i)]! - asc[Math.floor(i)]!) * (i - Math.floor(i))
    : 0;
  return { kwDescending: kw, p90 };
}

/** A quarter-hour's local wall clock by Luxon, remembered (the oracles ask for the same starts often). */
const wallOf = (() => {
  const seen = new Map<number, { slot: number; weekday: number; month: number }>();
  return (sec: number) => {
    let w = seen.get(sec);
    if (!w) {
      const t = DateTime.fromSeconds(sec, { zone: ZONE });
      seen.set(sec, (w = { slot: t.hour * 4 + t.minute / 15, weekday: t.weekday, month: t.month }));
    }
    return w;
  };
})();

/** Day profiles: mean kW per wall-clock quarter-hour, Monday–Friday / Saturday–Sunday and by season. */
function oracleProfiles(inside: Point[]): ProfileCurves {
  const groups = new Map<string, { sum: number[]; n: number[] }>();
  const add = (k: string, slot: number, kw: number) => {
    if (!groups.has(k)) groups.set(k, { sum: new Array(96).fill(0), n: new Array(96).fill(0) });
    const g = groups.get(k)!;
    g.sum[slot] += kw;
    g.n[slot] += 1;
  };
  for (const p of inside) {
    const t = wallOf(p.start);
    const slot = t.slot;
    const season = [12, 1, 2].includes(t.month)
      ? 'winter'
      : t.month <= 5
        ? 'spring'
        : t.month <= 8
          ? 'summer'
          : 'autumn';
    add(t.weekday >= 6 ? 'weekend' : 'weekday', slot, p.value * 4);
    add(season, slot, p.value * 4);
  }
  const mean = (k: string) => {
    const g = groups.get(k);
    return g ? g.sum.map((v, i) => (g.n[i] ? v / g.n[i]! : null)) : null;
  };
  return {
    weekday: mean('weekday'),
    weekend: mean('weekend'),
    winter: mean('winter'),
    spring: mean('spring'),
    summer: mean('summer'),
    autumn: mean('autumn'),
  };
}

/**
 * The same span a week, a month or a year earlier: the same local date (a date the earlier month lacks
 * is its last day) at the same time after midnight.
 */
function shifted(sec: number, shift: 'week' | 'month' | 'year'): number {
  const t = DateTime.fromSeconds(sec, { zone: ZONE });
  const midnight = t.startOf('day');
  const after = sec - midnight.toSeconds();
  if (shift === 'week') return midnight.minus({ days: 7 }).toSeconds() + after;
  const first = midnight.startOf('month').minus({ [shift === 'year' ? 'years' : 'months']: 1 });
  return first.set({ day: Math.min(midnight.day, first.daysInMonth!) }).toSeconds() + after;
}

/** A period against the one before it: sums, coverage, whether like is compared with like, profiles. */
function oracleCompare(
  g: Register,
  from: number,
  to: number,
  shift: 'week' | 'month' | 'year',
): CompareOracle {
  const perHour = 3600 / g.res;
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  const period = (a: number, b: number): ComparePeriod => {
    const inside = g.points.filter((p) => p.start >= a && p.start < b);
    const expected = Math.max(0, Math.floor(b / g.res) - Math.ceil(a / g.res));
    const max = inside.reduce((m, p) => Math.max(m, p.value), -Infinity);
    return {
      fromSec: a,
      toSec: b,
      readings: inside.length,
      expected,
      totalKwh: r3(inside.reduce((x, p) => x + p.value, 0)),
      peakKw: inside.length ? r3(max * perHour) : null,
      coverage: expected ? Math.round((inside.length / expected) * 10_000) / 10_000 : 0,
    };
  };
  const profile = (a: number, b: number) => {
    const sum = new Array<number>(96).fill(0);
    const n = new Array<number>(96).fill(0);
    for (const p of g.points.filter((x) => x.start >= a && x.start < b)) {
      const w = wallOf(p.start);
      for (let k = 0; k < 4 / perHour; k++) {
        sum[w.slot + k] += p.value * perHour;
        n[w.slot + k] += 1;
      }
    }
    return sum.map((v, i) => (n[i] ? v / n[i]! : null));
  };
  const [pa, pb] = [shifted(from, shift), shifted(to, shift)];
  const current = period(from, to);
  const previous = period(pa, pb);
  const reason =
    pb > from
      ? 'overlap'
      : current.readings === 0 || previous.readings === 0
        ? 'no_data'
        : current.coverage < 0.999 || previous.coverage < 0.999
          ? 'partial'
          : null;
  return {
    current,
    previous,
    reason,
    differenceKwh: reason === null ? current.totalKwh - previous.totalKwh : null,
    currentProfile: profile(from, to),
    previousProfile: profile(pa, pb),
  };
}

/** Periods for a register, at random within and around its data; whole local days except the zoom. */
function periodsFor(r: () => number, g: Register) {
  const first = DateTime.fromSeconds(g.points[0]!.start, { zone: ZONE }).startOf('day');
  const pick = (lo: DateTime, days: number) => lo.plus({ days: Math.floor(r() * days) });
  const aDay = pick(first.minus({ days: 3 }), 300);
  const aWeek = pick(first, 300).startOf('week');
  const aMonth = pick(first.minus({ days: 20 }), 330).startOf('month');
  const zoomFrom = pick(first, 300).plus({ minutes: 15 * Math.floor(r() * 96) });
  return [
    { name: 'the current month', from: day('2026-11-01'), to: day('2026-12-01'), whole: true },
    { name: `the day ${aDay.toISODate()}`, from: aDay, to: aDay.plus({ days: 1 }), whole: true },
    { name: `the week of ${aWeek.toISODate()}`, from: aWeek, to: aWeek.plus({ weeks: 1 }), whole: true },
    {
      name: `the month ${aMonth.toFormat('yyyy-MM')}`,
      from: aMonth,
      to: aMonth.plus({ months: 1 }),
      whole: true,
    },
    { name: 'the year 2025', from: day('2025-01-01'), to: day('2026-01-01'), whole: true },
    { name: 'the October DST day', from: day('2025-10-26'), to: day('2025-10-27'), whole: true },
    { name: 'the March DST day', from: day('2026-03-29'), to: day('2026-03-30'), whole: true },
    // A date the month before lacks: compared with 30 April, not (as JavaScript's Date would roll it) 1 May.
    {
      name: '31 May 2026',
      from: day('2026-05-31'),
      to: day('2026-06-01'),
      whole: true,
      shift: 'month' as const,
    },
    {
      name: `a zoomed span from ${zoomFrom.toISO()}`,
      from: zoomFrom,
      to: zoomFrom.plus({ minutes: 15 * (97 + Math.floor(r() * 400)) }),
      whole: false,
    },
  ];
}

describe('one result on every surface, on seeded random profiles', () => {
  for (const seed of [11, 23, 37])
    it(`seed ${seed}: figures, data health, monthly peaks, carpet, duration curve, day profiles and the comparison agree on screen, in the CSV and with the oracle`, async () => {
      const { db, registers, r } = profile(seed);
      let compared = 0;
      let partial = 0;
      try {
        for (const g of registers)
          for (const p of periodsFor(r, g)) {
            const req = {
              meterId: g.meterId,
              obisCode: g.obisCode,
              fromSec: p.from.toSeconds(),
              toSec: p.to.toSeconds(),
            };
            const at = `seed ${seed} ${g.meterId} ${g.obisCode} ${p.name}`;
            const e = oracleFigures(g, req.fromSec, req.toSec);
            if (e.expected > 0 && e.readings < e.expected) partial++;
            // The range figures (the meter view).
            const f = queryQuality(db, { ...req, detail: false }, ZONE, NOW).figures!;
            expect([f.readings, f.expected], `${at}: counts`).toEqual([e.readings, e.expected]);
            if (e.to > e.from)
              expect([f.frame.fromSec, f.frame.toSec], `${at}: frame`).toEqual([e.from, e.to]);
            expect(f.kwh, `${at}: kWh`).toBeCloseTo(e.kwh, 6);
            expect([f.quality.measured, f.quality.estimated, f.quality.unreliable], `${at}: quality`).toEqual(
              e.quality,
            );
            if (e.peakKw === null) expect(f.peakKw ?? null, `${at}: peak`).toBeNull();
            else {
              expect(f.peakKw!, `${at}: peak`).toBeCloseTo(e.peakKw, 6);
              expect(f.peakAtSec, `${at}: peak at`).toBe(e.peakAt);
            }
            // The period against the one before it (any interval, any span).
            const shift =
              ('shift' in p && p.shift) || (['week', 'month', 'year'] as const)[Math.floor(r() * 3)]!;
            if (e.to > e.from)
              await expectCompareOnSurfaces(
                db,
                req,
                NOW,
                ZONE,
                shift,
                oracleCompare(g, e.from, e.to, shift),
                `${at} against the ${shift} before`,
              );
            compared++;
            if (g.res !== 900 || !p.whole) continue;
            // Data health: screen, CSV, oracle.
            const health = e.to > e.from ? oracleHealth(g, e.from, e.to, e.inside) : [];
            await expectHealthOnSurfaces(db, req, NOW, ZONE, health, at);
            // Monthly peaks: screen, CSV, oracle.
            await expectPeaksOnSurfaces(db, req, NOW, ZONE, oraclePeaks(e.from, e.to, e.inside), at);
            // The carpet and the load duration curve: screen, CSV, oracle.
            if (e.to > e.from)
              await expectCarpetOnSurfaces(db, req, NOW, ZONE, oracleCarpet(e.from, e.to, e.inside), at);
            await expectDurationOnSurfaces(db, req, NOW, ZONE, oracleDuration(e.inside), at);
            await expectProfilesOnSurfaces(db, req, NOW, ZONE, oracleProfiles(e.inside), at);
          }
      } finally {
        db.close();
      }
      // The seeds make the cases this test is for: every register compared, gaps among them.
      expect(compared).toBe(registers.length * 9);
      expect(partial).toBeGreaterThan(3);
    }, 120_000);
});
