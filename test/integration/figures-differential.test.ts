// The differential test of issue 30: every figure `meterdesk analyze` prints, for several demo meters ×
// periods (the current month, the last calendar year, both DST days, a zoomed span, periods with a
// gap), recomputed from the service's raw quarter-hours by a deliberately simple implementation here:
// no code of the app's figures, frames or zone handling is shared (local time comes from Intl, periods
// from Luxon).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolio } from '../../main/analysis/analysis';
import { EXAMPLE_TARIFFS } from '../../main/cost/examples';
import { createCostService, defaultRange } from '../../main/cost/cost-service';
import { fixedClock } from '../../main/time/clock';
import { openDatabase } from '../../main/db/open';
import { buildReport } from '../../main/report/model';
import { renderReport } from '../../main/report/document';
import { queryQuality } from '../../main/analysis/quality';
import { createReadingsStore } from '../../main/db/readings-store';
import type { DemoService } from '../../main/demo/service';
import { wallClock } from '../intl-reference';
import { runCli } from './cli-bundle';
import { demo } from './helpers';
import { serviceReadings } from './sync-helpers';
import { expectHealthOnSurfaces, expectPeaksOnSurfaces } from './surfaces';

const ZONE = 'Europe/Vienna';
const CLOCK = '2026-11-20T12:00:00Z';

const cli = runCli;

interface Analyze {
  meter_id: string;
  register: string;
  from: string;
  to: string;
  readings: number;
  expected: number;
  completeness: number;
  kwh: number;
  quality: { measured: number; estimated: number; unreliable: number };
  peak_kw: number | null;
  peak_at: string | null;
  base_load_kw: number | null;
}

let svc: DemoService;
let dir: string;
let raw: Map<string, string>;
beforeAll(async () => {
  svc = await demo({ years: 1.5, clock: CLOCK });
  dir = mkdtempSync(join(tmpdir(), 'md-figures-'));
  const r = await cli(['--data-dir', dir, 'sync', '--base-url', svc.info.base_url, '--team', svc.info.team], {
    METERDESK_TOKEN: svc.info.tokens.pro,
  });
  expect(r.status, r.stderr).toBe(0);
  raw = serviceReadings(svc);
}, 120_000);
afterAll(async () => svc.stop());

const sec = (iso: string) => Math.floor(DateTime.fromISO(iso, { zone: ZONE }).toSeconds());
const localDate = (s: number) => {
  const w = wallClock(s, ZONE);
  return `${w.year}-${w.month}-${w.day}`;
};
const isMidnight = (s: number) => {
  const w = wallClock(s, ZONE);
  return w.hour === '00' && w.minute === '00' && w.second === '00';
};

/** The raw quarter-hours grouped by meter and register once, each group in time order. */
let grouped: Map<string, { start: number; value: number; quality: number }[]> | null = null;
function pointsOf(meterId: string, register: string) {
  if (!grouped) {
    grouped = new Map();
    for (const [k, v] of raw) {
      const [m, reg, start] = k.split('|');
      const [value, quality] = v.split('|').map(Number) as [number, number];
      const key = `${m}|${reg}`;
      if (!grouped.has(key)) grouped.set(key, []);
      grouped.get(key)!.push({ start: Number(start), value, quality });
    }
    for (const list of grouped.values()) list.sort((a, b) => a.start - b.start);
  }
  return grouped.get(`${meterId}|${register}`) ?? [];
}

/** Everything `analyze` prints, the simple way: filter, count, add, sort. */
function expected(meterId: string, register: string, reqFrom: number, reqTo: number, nowSec: number) {
  const points = pointsOf(meterId, register);
  // "Now": the start of today, or the end of the latest reading if later; never after now.
  let todayStart = nowSec - (nowSec % 900);
  while (!isMidnight(todayStart)) todayStart -= 900;
  const lastEnd = points.length ? points[points.length - 1]!.start + 900 : 0;
  const horizon = Math.min(nowSec, Math.max(todayStart, lastEnd));
  const from = Math.max(reqFrom, points[0]?.start ?? reqFrom);
  const to = Math.max(from, Math.min(reqTo, horizon));
  const inside = points.filter((p) => p.start >= from && p.start < to);
  let peak: { value: number; start: number } | null = null;
  for (const p of inside) if (!peak || p.value > peak.value) peak = p;
  // Base load: the mean over the local days wholly inside [from, to) of each day's 5th percentile
  // (linear between ranks), in kW.
  const firstDate = localDate(from);
  const lastDate = localDate(to - 1);
  const whole = (d: string) =>
    (d > firstDate || (d === firstDate && isMidnight(from))) &&
    (d < lastDate || (d === lastDate && isMidnight(to)));
  const byDay = new Map<string, number[]>();
  for (const p of inside) {
    const d = localDate(p.start);
    if (whole(d)) byDay.set(d, [...(byDay.get(d) ?? []), p.value]);
  }
  const p5s = [...byDay.values()].map((v) => {
    const s = [...v].sort((a, b) => a - b);
    const i = (s.length - 1) * 0.05;
    return s[Math.floor(i)]! + (s[Math.ceil(i)]! - s[Math.floor(i)]!) * (i - Math.floor(i));
  });
  return {
    fromSec: from,
    toSec: to,
    readings: inside.length,
    expected: (to - from) / 900,
    kwh: inside.reduce((a, p) => a + p.value, 0),
    measured: inside.filter((p) => p.quality === 1).length,
    estimated: inside.filter((p) => p.quality === 2).length,
    unreliable: inside.filter((p) => p.quality === 3).length,
    peakKw: peak ? peak.value * 4 : null,
    peakAt: peak ? peak.start : null,
    baseLoadKw: p5s.length ? (p5s.reduce((a, b) => a + b, 0) / p5s.length) * 4 : null,
  };
}

const meters = () => {
  const list = svc.state.teamMeters(svc.info.team).filter((m) => m.hasData);
  return list.map((m) => m.id);
};

const periods: { name: string; args: string[]; from: string; to: string }[] = [
  { name: 'the current month', args: ['--period', '2026-11'], from: '2026-11-01', to: '2026-12-01' },
  { name: 'the last calendar year', args: ['--period', '2025'], from: '2025-01-01', to: '2026-01-01' },
  { name: 'the March DST day', args: ['--period', '2026-03-29'], from: '2026-03-29', to: '2026-03-30' },
  { name: 'the October DST day', args: ['--period', '2025-10-26'], from: '2025-10-26', to: '2025-10-27' },
  {
    name: 'a zoomed span',
    args: ['--from', '2026-11-03T08:15:00+01:00', '--to', '2026-11-05T14:30:00+01:00'],
    from: '2026-11-03T08:15',
    to: '2026-11-05T14:30',
  },
  {
    name: 'September (the gas meter’s offline week)',
    args: ['--period', '2026-09'],
    from: '2026-09-01',
    to: '2026-10-01',
  },
  {
    name: 'October (a day missing at the bakery)',
    args: ['--period', '2026-10'],
    from: '2026-10-01',
    to: '2026-11-01',
  },
];

describe('every figure of meterdesk analyze equals a simple recomputation from the raw quarter-hours', () => {
  for (const p of periods)
    it(`${p.name}, every meter with data`, async () => {
      const nowSec = Date.parse(CLOCK) / 1000;
      let gaps = 0;
      for (const meterId of meters()) {
        const r = await cli([
          '--data-dir',
          dir,
          'analyze',
          '--meter',
          meterId,
          ...p.args,
          '--now',
          CLOCK,
          '--json',
        ]);
        expect(r.status, r.stderr).toBe(0);
        const a = JSON.parse(r.stdout) as Analyze;
        const e = expected(meterId, a.register, sec(p.from), sec(p.to), nowSec);
        const at = `${meterId} ${a.register} ${p.name}`;
        expect(Date.parse(a.from) / 1000, at).toBe(e.fromSec);
        expect(Date.parse(a.to) / 1000, at).toBe(e.toSec);
        expect(a.readings, at).toBe(e.readings);
        expect(a.expected, at).toBe(e.expected);
        expect(a.completeness, at).toBeCloseTo(e.expected ? e.readings / e.expected : 0, 6);
        expect(a.kwh, at).toBeCloseTo(e.kwh, 5);
        expect(a.quality, at).toEqual({
          measured: e.measured,
          estimated: e.estimated,
          unreliable: e.unreliable,
        });
        if (e.peakKw === null) expect(a.peak_kw, at).toBeNull();
        else {
          expect(a.peak_kw, at).toBeCloseTo(e.peakKw, 5);
          expect(Date.parse(a.peak_at!) / 1000, at).toBe(e.peakAt);
        }
        if (e.baseLoadKw === null) expect(a.base_load_kw, at).toBeNull();
        else expect(a.base_load_kw, at).toBeCloseTo(e.baseLoadKw, 5);
        if (e.readings < e.expected) gaps++;
      }
      // The periods chosen for their gaps have one; the DST days have 92 and 100 quarter-hours.
      if (p.name.startsWith('September') || p.name.startsWith('October')) expect(gaps).toBeGreaterThan(0);
    }, 120_000);

  it('counts 92 and 100 quarter-hours on the DST days and nothing after now', async () => {
    const id = meters()[0]!;
    const run = async (args: string[]) =>
      JSON.parse(
        (await cli(['--data-dir', dir, 'analyze', '--meter', id, ...args, '--now', CLOCK, '--json'])).stdout,
      ) as Analyze;
    expect((await run(['--period', '2026-03-29'])).expected).toBe(92);
    expect((await run(['--period', '2025-10-26'])).expected).toBe(100);
    // On 20.11. at 13:00 the month's frame ends at 20.11. 00:00: 19 days, complete.
    const month = await run(['--period', '2026-11']);
    expect(month.to).toBe('2026-11-20T00:00:00+01:00');
    expect(month.expected).toBe(19 * 96);
    expect(month.completeness).toBe(1);
  });
});

describe('the frame reaches every view (issue 30, items 1–5 and 8)', () => {
  const nowSec = Date.parse(CLOCK) / 1000;
  const withDb = <T>(f: (db: ReturnType<typeof openDatabase>) => T): T => {
    const db = openDatabase(join(dir, 'meterdesk.sqlite'));
    try {
      return f(db);
    } finally {
      db.close();
    }
  };
  const gasMeter = () => svc.state.teamMeters(svc.info.team).find((m) => m.commodity === 'gas')!.id;
  const electricMeter = () =>
    svc.state.teamMeters(svc.info.team).find((m) => m.hasData && m.commodity === 'electricity')!.id;
  const mainRegister = (db: ReturnType<typeof openDatabase>, meterId: string) =>
    (
      db
        .prepare(
          "SELECT obis_code FROM series WHERE meter_id = ? ORDER BY (obis_code LIKE '%G.01') DESC, obis_code LIMIT 1",
        )
        .get(meterId) as { obis_code: string }
    ).obis_code;

  it('1: the Quality tab counts no future day: the month up to yesterday, no gaps after now', () =>
    withDb((db) => {
      const id = electricMeter();
      const q = queryQuality(
        db,
        { meterId: id, obisCode: mainRegister(db, id), fromSec: sec('2026-11-01'), toSec: sec('2026-12-01') },
        ZONE,
        nowSec,
      );
      expect(q.totals.expected).toBe(19 * 96);
      expect(q.totals.completeness).toBe(1);
      expect(q.gapDays).toEqual([]);
      expect(q.days.at(-1)!.day).toBe('2026-11-19');
    }));

  it('2: portfolio completeness counts the days without any data', () =>
    withDb((db) => {
      const row = portfolio(db, nowSec, null, ZONE).rows.find((r) => r.meterId === gasMeter())!;
      // By hand from the raw quarter-hours: the 365 days up to yesterday, from the first reading on.
      const e = expected(gasMeter(), row.obisCode!, sec('2025-11-20'), sec('2026-11-20'), nowSec);
      expect(e.readings).toBeLessThan(e.expected);
      expect(row.completeness).toBeCloseTo(e.readings / e.expected, 4);
      // Every row states the span its figures cover (its frame), and whether it is shorter than 365 days;
      // a total counts the rows with a shorter span.
      const result = portfolio(db, nowSec, null, ZONE);
      for (const r of result.rows.filter((x) => x.obisCode !== null && x.annualKwh !== null)) {
        const s = expected(r.meterId, r.obisCode!, sec('2025-11-20'), sec('2026-11-20'), nowSec);
        expect([r.fromSec, r.toSec, r.isPartial], r.meterId).toEqual([
          s.fromSec,
          s.toSec,
          s.fromSec > sec('2025-11-20'),
        ]);
      }
      for (const tot of result.totals)
        expect(tot.partialMeters).toBe(
          result.rows.filter(
            (r) =>
              r.isPartial &&
              r.annualKwh !== null &&
              `${r.commodity}|${r.energyDirection}|${r.obisCode}` ===
                `${tot.commodity}|${tot.energyDirection}|${tot.obisCode}`,
          ).length,
        );
    }));

  it('3–4: a gas meter is priced with gas tariffs only, and its site total holds gas meters only', () =>
    withDb((db) => {
      const svcCost = createCostService(db, ZONE, fixedClock(nowSec));
      for (const t of EXAMPLE_TARIFFS.filter((x) => x.energy.type !== 'spot')) svcCost.store.save(t, nowSec);
      const gas = gasMeter();
      const q = {
        meterId: gas,
        obisCode: mainRegister(db, gas),
        fromSec: sec('2026-10-01'),
        toSec: sec('2026-11-01'),
        shiftPercent: 10,
      };
      expect(() => svcCost.cost({ ...q, tariffIds: ['beispiel-fixpreis'] })).toThrow(
        /an electricity tariff; this is a gas meter/,
      );
      const r = svcCost.cost({ ...q, tariffIds: ['beispiel-gas'] });
      expect(r.kwh).toBeCloseTo(expected(gas, q.obisCode, q.fromSec, q.toSec, nowSec).kwh, 3);
      // The whole site of the gas meter (it shares its site with a heat pump): the gas meter only.
      const site = svcCost.cost({ ...q, tariffIds: ['beispiel-gas'], siteWide: true });
      expect(site.site!.meters.map((m) => m.meterId)).toEqual([gas]);
      expect(site.kwh).toBeCloseTo(r.kwh, 6);
      expect(() => svcCost.peakShaving({ ...q, capKw: 5, battery: null, tariffId: null })).toThrow(
        /this is a gas meter/,
      );
    }));

  it('5: a zoomed span counts exactly its quarter-hours, not the whole days it touches', () =>
    withDb((db) => {
      const id = electricMeter();
      const from = sec('2026-11-03T08:15');
      const to = sec('2026-11-05T14:30');
      const q = queryQuality(
        db,
        { meterId: id, obisCode: mainRegister(db, id), fromSec: from, toSec: to, detail: false },
        ZONE,
        nowSec,
      );
      expect(q.totals.expected).toBe((to - from) / 900);
      expect(q.totals.received).toBe(expected(id, mainRegister(db, id), from, to, nowSec).readings);
    }));

  it('8: the default period is the last complete months the data covers, or its own span (issue 59)', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-default-')), 'meterdesk.sqlite'));
    try {
      db.prepare(
        `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
         VALUES ('m', 'AT1', 'm', 'consumption', 'electricity', 'quarter_hour', 'imported', NULL, '{}', 0)`,
      ).run();
      const store = createReadingsStore(db, ZONE);
      const write = (from: number, to: number) => {
        const rows = [];
        for (let t = from; t < to; t += 900)
          rows.push({
            obisCode: '1-1:1.9.0 G.01',
            startSec: t,
            endSec: t + 900,
            value: 1,
            quality: 1 as const,
            updatedSec: 1,
          });
        store.applyPage('m', rows, 'import', 1);
      };
      // One quarter-hour, the last of 2023: no whole month, so its own span.
      write(sec('2023-12-31T23:45'), sec('2024-01-01'));
      expect(defaultRange(db, ['m'], ZONE, nowSec)).toEqual({
        fromSec: sec('2023-12-31T23:45'),
        toSec: sec('2024-01-01'),
        kind: 'span',
      });
      // Data from 15 March 2023 to the end of the year: April–December, not a year before the data.
      write(sec('2023-03-15'), sec('2023-12-31T23:45'));
      expect(defaultRange(db, ['m'], ZONE, nowSec)).toEqual({
        fromSec: sec('2023-04-01'),
        toSec: sec('2024-01-01'),
        kind: 'months',
      });
      // Data ending 01.01. 00:00 after a whole year: that calendar year.
      write(sec('2022-11-01'), sec('2023-03-15'));
      expect(defaultRange(db, ['m'], ZONE, nowSec)).toEqual({
        fromSec: sec('2023-01-01'),
        toSec: sec('2024-01-01'),
        kind: 'months',
      });
    } finally {
      db.close();
    }
  });
});

describe('the demo PV house is physically possible (issue 30, item 7)', () => {
  it('never imports and feeds in within one quarter-hour; at noon in June it feeds in', () => {
    const team = svc.state.teamMeters(svc.info.team);
    const cons = team.find((m) => m.kind === 'pv_consumption')!;
    const feed = team.find((m) => m.kind === 'pv_feed_in')!;
    const byStart = (m: typeof cons) => {
      const out = new Map<number, number>();
      for (const [k, v] of raw) {
        const [id, reg, start] = k.split('|');
        if (id === m.id && reg!.endsWith('G.01')) out.set(Number(start), Number(v.split('|')[0]));
      }
      return out;
    };
    const imp = byStart(cons);
    const exp = byStart(feed);
    let both = 0;
    let junePositive = 0;
    for (const [start, i] of imp) {
      const e = exp.get(start) ?? 0;
      if (i > 0 && e > 0) both++;
      const w = wallClock(start, ZONE);
      if (w.month === '06' && w.hour === '12' && e > 0) junePositive++;
    }
    expect(imp.size).toBeGreaterThan(30_000);
    expect(both).toBe(0);
    expect(junePositive).toBeGreaterThan(60);
  });

  it('peaks like a household with a 3.7 kW wallbox, never at 13–15 kW (issue 64)', () => {
    // Each full month's highest quarter-hour (kWh × 4 = kW), from the raw readings grouped by the
    // local month (Intl): with a charge in five at 11 kW the house peaked at 13–15 kW in 10 of 12
    // months; at 3.7 kW on top of its evening load it stays under 10 kW and over 4 kW in every month.
    const cons = svc.state.teamMeters(svc.info.team).find((m) => m.kind === 'pv_consumption')!;
    const peaks = new Map<string, number>();
    for (const [k, v] of raw) {
      const [id, reg, start] = k.split('|');
      if (id !== cons.id || !reg!.endsWith('1.9.0 G.01')) continue;
      const w = wallClock(Number(start), ZONE);
      const month = `${w.year}-${w.month}`;
      peaks.set(month, Math.max(peaks.get(month) ?? 0, Number(v.split('|')[0]) * 4));
    }
    const lastTwelve = [...peaks.keys()].sort().slice(-13, -1); // full months, the current one left out
    expect(lastTwelve).toHaveLength(12);
    for (const m of lastTwelve) {
      expect(peaks.get(m)!, m).toBeLessThan(10);
      expect(peaks.get(m)!, m).toBeGreaterThan(4);
    }
  });
});

/**
 * One result, every surface (issue 41, item 2): the data-health days and the monthly peaks of each
 * period as the app's screen receives them (the query thread's functions, which the handlers call),
 * as its CSV export writes them (the same table the "CSV" button saves, parsed back), and as the
 * simple recomputation above derives them from the raw quarter-hours. Before the frame was a type,
 * the CSV of the current month listed the 11 days after "now" as days with gaps, and Peaks counted
 * a month cut by "now" against all its quarter-hours ("2400 von 2880").
 */
describe('one result on every surface: screen, CSV and the raw quarter-hours agree', () => {
  const nowSec = Date.parse(CLOCK) / 1000;
  /** The local days from the one holding `from` to the one holding `to - 1`, with their length. */
  const daysOf = (from: number, to: number) => {
    const out: { day: string; quarterHours: number; fromSec: number; toSec: number }[] = [];
    for (
      let d = DateTime.fromSeconds(from, { zone: ZONE }).startOf('day');
      d.toSeconds() < to;
      d = d.plus({ days: 1 })
    )
      out.push({
        day: d.toISODate()!,
        quarterHours: (d.plus({ days: 1 }).toSeconds() - d.toSeconds()) / 900,
        fromSec: d.toSeconds(),
        toSec: d.plus({ days: 1 }).toSeconds(),
      });
    return out;
  };
  /** Each raw quarter-hour's local date, worked out once per meter and register (Intl is slow). */
  const dated = new Map<string, { start: number; value: number; day: string }[]>();
  const datedPoints = (meterId: string, register: string) => {
    const key = `${meterId}|${register}`;
    if (!dated.has(key))
      dated.set(
        key,
        pointsOf(meterId, register).map((x) => ({ start: x.start, value: x.value, day: localDate(x.start) })),
      );
    return dated.get(key)!;
  };
  for (const p of periods)
    it(`${p.name}: data health and monthly peaks`, async () => {
      const db = openDatabase(join(dir, 'meterdesk.sqlite'), { readonly: true });
      try {
        for (const meterId of meters()) {
          const register = (
            db
              .prepare(
                "SELECT obis_code FROM series WHERE meter_id = ? ORDER BY (obis_code LIKE '%G.01') DESC, obis_code LIMIT 1",
              )
              .get(meterId) as { obis_code: string }
          ).obis_code;
          const req = { meterId, obisCode: register, fromSec: sec(p.from), toSec: sec(p.to) };
          const at = `${meterId} ${register} ${p.name}`;
          const e = expected(meterId, register, req.fromSec, req.toSec, nowSec);
          const points = datedPoints(meterId, register);
          const inFrame = new Map<string, number>();
          for (const x of points)
            if (x.start >= e.fromSec && x.start < e.toSec) inFrame.set(x.day, (inFrame.get(x.day) ?? 0) + 1);

          // Data health: the frame's local days, each with its quarter-hours and those received.
          const oracleDays =
            e.toSec > e.fromSec
              ? daysOf(e.fromSec, e.toSec).map((d) => ({
                  day: d.day,
                  // A day the frame cuts (a zoomed span's edges) expects its part inside the frame.
                  expected: (Math.min(d.toSec, e.toSec) - Math.max(d.fromSec, e.fromSec)) / 900,
                  received: inFrame.get(d.day) ?? 0,
                }))
              : [];
          await expectHealthOnSurfaces(db, req, nowSec, ZONE, oracleDays, at);

          // Monthly peaks: each month of the frame with data, its peak and its count inside the frame.
          const inside = points.filter((x) => x.start >= e.fromSec && x.start < e.toSec);
          const months = new Map<string, { peak: number; received: number }>();
          for (const x of inside) {
            const m = x.day.slice(0, 7);
            const cur = months.get(m) ?? { peak: -Infinity, received: 0 };
            months.set(m, { peak: Math.max(cur.peak, x.value), received: cur.received + 1 });
          }
          const oracleMonths = [...months].map(([month, v]) => {
            const m0 = DateTime.fromISO(`${month}-01`, { zone: ZONE });
            const a = Math.max(m0.toSeconds(), e.fromSec);
            const b = Math.min(m0.plus({ months: 1 }).toSeconds(), e.toSec);
            return {
              month,
              powerKw: Math.round(v.peak * 4 * 1000) / 1000,
              received: v.received,
              expected: (b - a) / 900,
            };
          });
          await expectPeaksOnSurfaces(db, req, nowSec, ZONE, oracleMonths, at);
        }
      } finally {
        db.close();
      }
    }, 120_000);
});

describe('one result on every surface: the range figures on screen, in --json, in the PDF and the oracle', () => {
  const nowSec = Date.parse(CLOCK) / 1000;
  /** A de-AT number as the PDF prints it ("1.234,5") as a number. */
  const deNum = (t: string) => Number(t.replace(/[.\u00a0\u202f ]/g, '').replace(',', '.'));
  const oneOf = (text: string, re: RegExp, at: string) => {
    const m = re.exec(text);
    expect(m, `${at}: ${re.source} in the PDF`).not.toBeNull();
    return m!;
  };
  const chosen = periods.filter((p) =>
    ['the current month', 'the October DST day', 'September (the gas meter’s offline week)'].includes(p.name),
  );
  for (const p of chosen)
    it(`${p.name}: total, readings, completeness, peak and base load agree on every surface`, async () => {
      const db = openDatabase(join(dir, 'meterdesk.sqlite'), { readonly: true });
      try {
        for (const meterId of meters()) {
          const cliArgs = ['--meter', meterId, ...p.args, '--now', CLOCK];
          const a = JSON.parse(
            (await cli(['--data-dir', dir, 'analyze', ...cliArgs, '--json'])).stdout,
          ) as Analyze;
          const at = `${meterId} ${a.register} ${p.name}`;
          const e = expected(meterId, a.register, sec(p.from), sec(p.to), nowSec);
          // The screen: the meter view's figures (quality:breakdown, as MeterDetail asks for them).
          const screen = queryQuality(
            db,
            { meterId, obisCode: a.register, fromSec: sec(p.from), toSec: sec(p.to), detail: false },
            ZONE,
            nowSec,
          ).figures!;
          expect([screen.frame.fromSec, screen.frame.toSec], `${at}: screen frame`).toEqual([
            e.fromSec,
            e.toSec,
          ]);
          expect([screen.readings, screen.expected], `${at}: screen counts`).toEqual([
            e.readings,
            e.expected,
          ]);
          expect(screen.kwh, `${at}: screen kWh`).toBeCloseTo(e.kwh, 5);
          if (e.peakKw === null) expect(screen.peakKw ?? null, `${at}: screen peak`).toBeNull();
          else expect(screen.peakKw!, `${at}: screen peak`).toBeCloseTo(e.peakKw, 5);
          // --json: the same object the screen shows.
          expect([a.readings, a.expected], `${at}: --json counts`).toEqual([
            screen.readings,
            screen.expected,
          ]);
          expect(a.kwh, `${at}: --json kWh`).toBeCloseTo(screen.kwh, 6);
          // The PDF: the report's master section as the report's model and document make it (the code
          // `meterdesk report` and the app's dialog run; its CLI is report.test.ts's), read back with
          // pdftotext. In this process: a CLI start per meter and period cost the suite ~1 s each.
          const out = join(dir, `x-${meterId}-${p.args.join('')}.pdf`.replace(/[^\w./-]/g, '_'));
          const model = buildReport(
            db,
            {
              scope: { kind: 'meter', id: meterId },
              fromSec: sec(p.from),
              toSec: sec(p.to),
              periodLabel: p.name,
              lang: 'de',
              sections: ['master'],
              consultant: { name: null, logoPng: null },
              conclusions: null,
              indicators: { areaM2: null, persons: null },
              communityId: null,
              billAhead: null,
            },
            nowSec,
            ZONE,
          );
          writeFileSync(out, await renderReport(model));
          const text = execFileSync('pdftotext', ['-layout', out, '-'], { encoding: 'utf8' }).replace(
            /[\u00a0\u202f]/g,
            ' ',
          );
          const span = oneOf(text, /^\s*Zeitraum\s{2,}(\d{2}\.\d{2}\.\d{4}) – (\d{2}\.\d{2}\.\d{4})/m, at);
          const dmy = (s: number) => DateTime.fromSeconds(s, { zone: ZONE }).toFormat('dd.MM.yyyy');
          if (e.toSec > e.fromSec)
            expect([span[1], span[2]], `${at}: PDF span`).toEqual([dmy(e.fromSec), dmy(e.toSec - 1)]);
          const counts = oneOf(text, /\(([\d. ]+) Messwerte von ([\d. ]+) (?:Viertelstunden|Stunden)\)/, at);
          expect([deNum(counts[1]!), deNum(counts[2]!)], `${at}: PDF counts`).toEqual([
            e.readings,
            e.expected,
          ]);
          const kwh = oneOf(text, /^\s*Energie\s{2,}(-?[\d., ]+) kWh/m, at);
          expect(
            Math.abs(deNum(kwh[1]!) - e.kwh),
            `${at}: PDF kWh ${kwh[1]} vs ${e.kwh}`,
          ).toBeLessThanOrEqual(0.05 + 1e-9);
          if (e.peakKw !== null) {
            const peak = oneOf(text, /^\s*Höchste Leistung\s{2,}([\d.,]+) kW/m, at);
            expect(Math.abs(deNum(peak[1]!) - e.peakKw), `${at}: PDF peak`).toBeLessThanOrEqual(0.005 + 1e-9);
          }
          if (e.baseLoadKw !== null) {
            const base = oneOf(text, /^\s*Grundlast \([^)]*\)\s+([\d.,]+) kW/m, at);
            expect(Math.abs(deNum(base[1]!) - e.baseLoadKw), `${at}: PDF base load`).toBeLessThanOrEqual(
              0.005 + 1e-9,
            );
          }
        }
      } finally {
        db.close();
      }
    }, 180_000);
});
