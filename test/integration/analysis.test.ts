// Analysis figures against values computed here independently from the demo service's raw data
// (window reads over HTTP; local months, days and times of day via Intl), including DST months and
// months with estimated values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pv, pvFrames } from '../../main/analysis/pv';
import {
  baseLoad,
  carpet,
  compare,
  duration,
  health,
  peaks,
  portfolio,
  profiles,
} from '../../main/analysis/analysis';
import type { DemoService } from '../../main/demo/service';
import { analysisTable } from '../../main/analysis/tables';
import { frameFor } from '../../main/analysis/frame';
import { querySeries } from '../../main/db/series-query';
import { queryQuality } from '../../main/analysis/quality';
import { dayKey, dayStartSec } from '../../main/time/local-days';
import { tableCsv } from '../../main/export/table-csv';
import { isoUtc } from '../../main/time/local-days';
import { wallClock } from '../intl-reference';
import { demo, get } from './helpers';
import { syncCore } from './sync-helpers';

const TZ = 'Europe/Vienna';
function local(sec: number) {
  const p = wallClock(sec, TZ);
  return {
    month: `${p.year}-${p.month}`,
    day: `${p.year}-${p.month}-${p.day}`,
    slot: Number(p.hour) * 4 + Number(p.minute) / 15,
    weekend: p.weekday === 'Sat' || p.weekday === 'Sun',
  };
}
interface Raw {
  start: number;
  value: number;
  quality: number;
}

let svc: DemoService;
let core: ReturnType<typeof syncCore>;
let heatPump: { id: string; site_id: string };
const OBIS = '1-1:1.9.0 G.01';
// One year, 2025-11-01 … 2026-11-01 local: contains both DST change days.
const FROM = Date.parse('2025-11-01T00:00:00+01:00') / 1000;
const TO = Date.parse('2026-11-01T00:00:00+01:00') / 1000;
let raw: Raw[];

async function rawReadings(meterId: string, obis: string, from: number, to: number): Promise<Raw[]> {
  const out: Raw[] = [];
  for (let a = from; a < to; a += 180 * 86_400) {
    const b = Math.min(to, a + 180 * 86_400);
    const r = await get(
      svc,
      `/api/v1/teams/${svc.info.team}/meters/${meterId}/data?from=${isoUtc(a)}&to=${isoUtc(b)}&limit=50000`,
    );
    for (const x of r.body.data)
      if (x.obis_code === obis)
        out.push({ start: Date.parse(x.timestamp) / 1000, value: x.value, quality: x.quality });
  }
  return out;
}

beforeAll(async () => {
  svc = await demo({ years: 1.2 });
  core = syncCore(svc);
  await core.sync.syncAll();
  const meters = (await get(svc, `/api/v1/teams/${svc.info.team}/meters`)).body.data;
  heatPump = meters.find((m) => /Wärmepumpe/.test(m.label))! as { id: string; site_id: string };
  raw = await rawReadings(heatPump.id, OBIS, FROM, TO);
}, 120_000);
afterAll(async () => svc.stop());

const scope = () => ({ meterId: heatPump.id, obisCode: OBIS, fromSec: FROM, toSec: TO });
/** A request in its frame at the demo service's "now", as the app's handlers frame it. */
const fr = (q: { meterId: string; obisCode: string; fromSec: number; toSec: number }) =>
  frameFor(core.db, q, svc.state.nowSec, TZ);

describe('analysis', () => {
  it('monthly peaks, top-N and the grid-fee means equal the independent computation', () => {
    const byMonth = new Map<string, Raw>();
    for (const r of raw) {
      const m = local(r.start).month;
      const cur = byMonth.get(m);
      if (!cur || r.value > cur.value) byMonth.set(m, r);
    }
    const res = peaks(core.db, fr(scope()), 10);
    expect(res.monthly.map((m) => m.month)).toEqual([...byMonth.keys()]);
    for (const m of res.monthly) {
      expect(m.startSec).toBe(byMonth.get(m.month)!.start);
      expect(m.powerKw).toBeCloseTo(byMonth.get(m.month)!.value * 4, 6);
    }
    const maxima = [...byMonth.values()].map((r) => r.value * 4);
    expect(res.meanMonthlyMaxKw).toBeCloseTo(maxima.reduce((a, b) => a + b, 0) / maxima.length, 3);
    const top3 = [...maxima].sort((a, b) => b - a).slice(0, 3);
    expect(res.meanTop3MonthlyMaxKw).toBeCloseTo((top3[0]! + top3[1]! + top3[2]!) / 3, 3);
    const top = [...raw].sort((a, b) => b.value - a.value || a.start - b.start).slice(0, 10);
    expect(res.top.map((t) => t.startSec)).toEqual(top.map((t) => t.start));
    // The October 2026 month contains the 100-quarter-hour DST day and is still one month.
    expect(res.monthly.filter((m) => m.month === '2026-10')).toHaveLength(1);
    // Whole calendar months, all readings there: none partial, the means over all of them.
    expect(res.monthly.every((m) => !m.partial)).toBe(true);
    expect(res.monthly.find((m) => m.month === '2026-10')).toMatchObject({
      expected: 31 * 96 + 4,
      received: 31 * 96 + 4,
    });
    expect(res.meanBasis).toBe('complete');
  });

  it('marks months cut by the range as partial and leaves them out of the grid-fee means', () => {
    // 15 Nov 2025 … 15 Feb 2026: November and February are cut, December and January are whole.
    const from = Date.parse('2025-11-15T00:00:00+01:00') / 1000;
    const to = Date.parse('2026-02-15T00:00:00+01:00') / 1000;
    const res = peaks(core.db, fr({ ...scope(), fromSec: from, toSec: to }));
    expect(res.monthly.map((m) => [m.month, m.partial])).toEqual([
      ['2025-11', true],
      ['2025-12', false],
      ['2026-01', false],
      ['2026-02', true],
    ]);
    const whole = raw.filter((r) => ['2025-12', '2026-01'].includes(local(r.start).month));
    const max = (m: string) =>
      Math.max(...whole.filter((r) => local(r.start).month === m).map((r) => r.value * 4));
    expect(res.meanBasis).toBe('complete');
    expect(res.monthsComplete).toBe(2);
    expect(res.meanMonthlyMaxKw).toBeCloseTo((max('2025-12') + max('2026-01')) / 2, 3);
  });

  it('a month with estimated values reports their quality', async () => {
    // Provisional values live in the last ~55 days: look at the household meter up to the service clock.
    const huber = (
      core.db.prepare("SELECT id FROM meters WHERE label = 'Wohnung Huber'").get() as { id: string }
    ).id;
    const recent = await rawReadings(
      huber,
      OBIS,
      Date.parse('2026-10-01T00:00:00+02:00') / 1000,
      Date.parse('2026-11-20T00:00:00+01:00') / 1000,
    );
    const months = new Map<string, number>();
    for (const r of recent)
      if (r.quality !== 1) months.set(local(r.start).month, (months.get(local(r.start).month) ?? 0) + 1);
    expect(months.size).toBeGreaterThan(0);
    const [month] = [...months.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const monthRaw = recent.filter((r) => local(r.start).month === month);
    const from = monthRaw[0]!.start;
    const to = monthRaw.at(-1)!.start + 900;
    const sc = { meterId: huber, obisCode: OBIS, fromSec: from, toSec: to };
    const h = health(core.db, fr(sc));
    expect(h.days.reduce((a, d) => a + d.estimated + d.unreliable, 0)).toBe(months.get(month));
    const p = peaks(core.db, fr(sc));
    expect(p.monthly).toHaveLength(1);
    const max = monthRaw.reduce((a, r) => (r.value > a.value ? r : a));
    expect(p.monthly[0]).toMatchObject({ startSec: max.start, quality: max.quality });
    const d = duration(core.db, fr(sc), 0);
    expect(d.quality.estimated + d.quality.unreliable).toBe(months.get(month));
    expect(d.thresholdFromData).toBe(false);
  });

  it('base load (5th percentile per day) equals the independent computation', () => {
    const byDay = new Map<string, number[]>();
    for (const r of raw)
      byDay.set(local(r.start).day, [...(byDay.get(local(r.start).day) ?? []), r.value * 4]);
    const res = baseLoad(core.db, fr(scope()));
    expect(res.days).toHaveLength(byDay.size);
    for (const d of res.days.filter((_, i) => i % 29 === 0)) {
      const xs = byDay.get(d.day)!.sort((a, b) => a - b);
      const idx = (xs.length - 1) * 0.05;
      const expected =
        xs[Math.floor(idx)]! + (xs[Math.ceil(idx)]! - xs[Math.floor(idx)]!) * (idx - Math.floor(idx));
      expect(d.p5Kw).toBeCloseTo(expected, 3);
    }
    // A trend only over two years of days, or from months that have their month a year before: over
    // less, one seasonal swing would read as a trend (issue 30).
    const dayKeys = [...byDay.keys()].sort();
    const spanDays = (Date.parse(dayKeys.at(-1)!) - Date.parse(dayKeys[0]!)) / 86_400_000;
    const months = new Set(dayKeys.map((d) => d.slice(0, 7)));
    const pair = [...months].some((m) => months.has(`${Number(m.slice(0, 4)) - 1}${m.slice(4)}`));
    expect(res.trendKwPerYear === null).toBe(spanDays < 730 && !pair);
    expect(res.trendBasis).toBe(spanDays >= 730 ? 'regression' : pair ? 'same_month' : null);
  });

  it('the load duration curve and hours above a threshold equal the independent computation', () => {
    const kw = raw.map((r) => r.value * 4).sort((a, b) => b - a);
    const threshold = kw[Math.floor(kw.length * 0.1)]!;
    const res = duration(core.db, fr(scope()), threshold);
    expect(res.totalHours).toBeCloseTo(raw.length / 4, 2);
    expect(res.hoursAbove).toBeCloseTo(kw.filter((v) => v > threshold).length / 4, 2);
    expect(res.points[0]!.powerKw).toBeCloseTo(kw[0]!, 3);
    expect(res.points.at(-1)!.powerKw).toBeCloseTo(kw.at(-1)!, 3);
    for (let i = 1; i < res.points.length; i++)
      expect(res.points[i]!.powerKw).toBeLessThanOrEqual(res.points[i - 1]!.powerKw);
  });

  it("defaults the duration curve's threshold to the meter's own 90th percentile", () => {
    const kw = raw.map((r) => r.value * 4).sort((a, b) => a - b);
    const idx = (kw.length - 1) * 0.9;
    const p90 = kw[Math.floor(idx)]! + (kw[Math.ceil(idx)]! - kw[Math.floor(idx)]!) * (idx - Math.floor(idx));
    const res = duration(core.db, fr(scope()), null);
    expect(res.thresholdFromData).toBe(true);
    // To the watt, not rounded to 0.1 kW: the label says "90th percentile" (issue 30: 1.4 shown for 1.448).
    expect(res.thresholdKw).toBeCloseTo(p90, 3);
    expect(res.hoursAbove).toBeCloseTo(kw.filter((v) => v > res.thresholdKw).length / 4, 2);
  });

  it('the carpet plot has the real number of slots on DST days', () => {
    const res = carpet(
      core.db,
      fr({
        ...scope(),
        fromSec: Date.parse('2026-03-01T00:00:00+01:00') / 1000,
        toSec: Date.parse('2026-11-01T00:00:00+01:00') / 1000,
      }),
    );
    const day = (k: string) => res.days.find((d) => d.day === k)!;
    expect(day('2026-03-29').slots).toBe(92);
    expect(day('2026-03-29').values).toHaveLength(92);
    expect(day('2026-10-25').slots).toBe(100);
    expect(day('2026-06-15').slots).toBe(96);
    const oct25 = raw.filter((r) => local(r.start).day === '2026-10-25');
    expect(day('2026-10-25').values.filter((v) => v !== null)).toHaveLength(oct25.length);
  });

  it('exports the carpet as its matrix: a column per wall-clock quarter-hour, the repeated hour in its own columns', () => {
    const from = Date.parse('2026-03-28T00:00:00+01:00') / 1000;
    const to = Date.parse('2026-10-27T00:00:00+01:00') / 1000;
    const table = analysisTable(
      core.db,
      'carpet',
      { ...scope(), fromSec: from, toSec: to },
      svc.state.nowSec,
    );
    const header = table.header.map((x) => x.en);
    expect(header.slice(0, 4)).toEqual(['metering_point', 'obis_code', 'day', 'quarter_hours']);
    expect(header).toHaveLength(4 + 100);
    expect(header).toContain('02:45 (2)_kw');
    const row = (day: string) => table.rows.find((r) => (r[2] as { day: string }).day === day)!;
    const filled = (r: unknown[]) => r.slice(4).filter((c) => c !== null).length;
    const count = (day: string) => raw.filter((r) => local(r.start).day === day).length;
    expect(row('2026-03-29')[3]).toBe(92);
    expect(filled(row('2026-03-29'))).toBe(count('2026-03-29'));
    expect(row('2026-03-29')[4 + header.slice(4).indexOf('02:00_kw')]).toBeNull(); // the skipped hour
    expect(row('2026-10-25')[3]).toBe(100);
    expect(filled(row('2026-10-25'))).toBe(count('2026-10-25'));
    // The value of 02:00 CET (the second 02:00) sits in "02:00 (2)", 02:00 CEST in "02:00".
    const cet = raw.find((r) => r.start === Date.parse('2026-10-25T02:00:00+01:00') / 1000)!;
    const cest = raw.find((r) => r.start === Date.parse('2026-10-25T02:00:00+02:00') / 1000)!;
    expect(row('2026-10-25')[4 + header.slice(4).indexOf('02:00 (2)_kw')]).toBeCloseTo(cet.value * 4, 6);
    expect(row('2026-10-25')[4 + header.slice(4).indexOf('02:00_kw')]).toBeCloseTo(cest.value * 4, 6);
    expect(filled(row('2026-06-15'))).toBe(count('2026-06-15'));
    expect(row('2026-06-15')[4 + header.slice(4).indexOf('02:00 (2)_kw')]).toBeNull();
  });

  it('analysis CSVs carry metering point and register, and dates Excel (de-AT) reads as dates', () => {
    const table = analysisTable(core.db, 'peaks', scope(), svc.state.nowSec);
    const excel = tableCsv(table.header, table.rows, 'excel-at').split('\r\n');
    expect(excel[0]).toBe(
      '\uFEFFZählpunkt;Register;Monat;Zeitpunkt;Spitze kW;Qualität;Viertelstunden;Teilmonat',
    );
    const mp = (
      core.db.prepare('SELECT metering_point FROM meters WHERE id = ?').get(heatPump.id) as {
        metering_point: string;
      }
    ).metering_point;
    const dec = excel.find((l) => l.includes(';01.12.2025;'))!;
    expect(dec.startsWith(`${mp};${OBIS};01.12.2025;`)).toBe(true);
    // dd.MM.yyyy HH:mm of the month's peak, local time; the peak in kW with a decimal comma.
    expect(dec.split(';')[3]).toMatch(/^\d{2}\.12\.2025 \d{2}:\d{2}$/);
    expect(dec.split(';')[4]).toMatch(/^\d+(,\d+)?$/);
    const iso = tableCsv(table.header, table.rows, 'iso').split('\r\n');
    expect(iso.find((l) => l.includes(',2025-12,'))!.split(',')[3]).toMatch(
      /^2025-12-\d{2}T\d{2}:\d{2}:00\+01:00$/,
    );
  });

  it('mean day profiles equal the independent computation (weekday, weekend, season)', () => {
    const res = profiles(core.db, fr(scope()));
    for (const slot of [0, 8, 30, 72]) {
      const wd = raw
        .filter((r) => !local(r.start).weekend && local(r.start).slot === slot)
        .map((r) => r.value * 4);
      const we = raw
        .filter((r) => local(r.start).weekend && local(r.start).slot === slot)
        .map((r) => r.value * 4);
      expect(res.weekday![slot]).toBeCloseTo(wd.reduce((a, b) => a + b, 0) / wd.length, 3);
      expect(res.weekend![slot]).toBeCloseTo(we.reduce((a, b) => a + b, 0) / we.length, 3);
      const summer = raw
        .filter(
          (r) => ['06', '07', '08'].includes(local(r.start).month.slice(5)) && local(r.start).slot === slot,
        )
        .map((r) => r.value * 4);
      expect(res.seasons.summer![slot]).toBeCloseTo(summer.reduce((a, b) => a + b, 0) / summer.length, 3);
    }
  });

  it('compares a range with the same range a year earlier', async () => {
    const from = Date.parse('2026-10-01T00:00:00+02:00') / 1000;
    const to = Date.parse('2026-11-01T00:00:00+01:00') / 1000;
    const res = compare(core.db, fr({ ...scope(), fromSec: from, toSec: to }), 'year');
    const cur = raw.filter((r) => r.start >= from && r.start < to).reduce((a, r) => a + r.value, 0);
    expect(res.current.totalKwh).toBeCloseTo(cur, 2);
    expect(res.previous.fromSec).toBe(Date.parse('2025-10-01T00:00:00+02:00') / 1000);
    const prevRaw = await rawReadings(heatPump.id, OBIS, res.previous.fromSec, res.previous.toSec);
    expect(res.previous.totalKwh).toBeCloseTo(
      prevRaw.reduce((a, r) => a + r.value, 0),
      2,
    );
    // Coverage of each period, independently: readings ÷ the period's quarter-hours.
    expect(res.current.coverage).toBeCloseTo(
      raw.filter((r) => r.start >= from && r.start < to).length / ((to - from) / 900),
      4,
    );
    expect(res.previous.coverage).toBeCloseTo(
      prevRaw.length / ((res.previous.toSec - res.previous.fromSec) / 900),
      4,
    );
    if (res.current.coverage >= 0.999 && res.previous.coverage >= 0.999) {
      expect(res.reason).toBeNull();
      expect(res.differenceKwh).toBeCloseTo(res.current.totalKwh - res.previous.totalKwh, 2);
    } else {
      expect(res.reason).toBe('partial');
      expect(res.differenceKwh).toBeNull();
    }
  });

  it('compares like with like only: overlapping periods and a period without data give no difference', () => {
    // Three years on "All" against the year before: the periods overlap.
    const all = compare(core.db, fr({ ...scope(), fromSec: TO - 3 * 365 * 86_400, toSec: TO }), 'year');
    expect(all.reason).toBe('overlap');
    expect(all.differenceKwh).toBeNull();
    expect(all.differenceShare).toBeNull();
    // A month whose previous year lies before the data: "no data", never "0 kWh" and a percentage.
    const early = compare(
      core.db,
      fr({
        ...scope(),
        fromSec: Date.parse('2025-11-01T00:00:00+01:00') / 1000,
        toSec: Date.parse('2025-12-01T00:00:00+01:00') / 1000,
      }),
      'year',
    );
    expect(early.previous.readings).toBe(0);
    expect(early.reason).toBe('no_data');
    expect(early.differenceKwh).toBeNull();
    expect(early.differenceShare).toBeNull();
  });

  it('shows real gaps as gaps: a day the bakery never delivered, a week the gas meter was offline', () => {
    const spike = svc.state.readings.opts.spikeDay;
    const bakery = svc.state.teamMeters(svc.info.team).find((m) => m.kind === 'business')!;
    const gas = svc.state.teamMeters(svc.info.team).find((m) => m.kind === 'gas')!;
    const missing = spike - 15;
    const day = querySeries(core.db, {
      meterId: bakery.id,
      obisCode: OBIS,
      fromSec: dayStartSec(missing - 1),
      toSec: dayStartSec(missing + 2),
      maxPoints: 5000,
    });
    const nulls = day.values.map((v, i) => [day.timesSec[i]!, v] as const).filter(([, v]) => v === null);
    expect(nulls.map(([t]) => t)).toEqual(
      Array.from({ length: 96 }, (_, i) => dayStartSec(missing) + i * 900),
    );
    const q = queryQuality(
      core.db,
      {
        meterId: gas.id,
        obisCode: '7-1:1.9.0 G.01',
        fromSec: dayStartSec(spike - 70),
        toSec: dayStartSec(spike - 45),
      },
      TZ,
      svc.state.nowSec,
    );
    const week = Array.from({ length: 7 }, (_, i) => dayKey(spike - 60 + i));
    expect(week.every((d) => q.gapDays.includes(d))).toBe(true);
    expect(q.days.filter((d) => week.includes(d.day)).every((d) => d.received === 0)).toBe(true);
  });

  it('flags the implausible spike and its correction', () => {
    const meters = core.db.prepare("SELECT id FROM meters WHERE label = 'Wohnung Huber'").get() as {
      id: string;
    };
    const h = health(
      core.db,
      fr({ meterId: meters.id, obisCode: OBIS, fromSec: FROM, toSec: TO + 60 * 86_400 }),
    );
    expect(h.corrected.some((c) => c.oldValueKwh === 24_000)).toBe(true);
    expect(h.implausible).toEqual([]); // corrected already: the stored value is plausible again
  });

  it("the chart's figures (detail: false) are the full breakdown's totals and revision count, without the lists", () => {
    const meter = core.db.prepare("SELECT id FROM meters WHERE label = 'Wohnung Huber'").get() as {
      id: string;
    };
    const range = { meterId: meter.id, obisCode: OBIS, fromSec: FROM, toSec: TO + 60 * 86_400 };
    const full = queryQuality(core.db, range, TZ, svc.state.nowSec);
    const figures = queryQuality(core.db, { ...range, detail: false }, TZ, svc.state.nowSec);
    expect(full.revisionCount).toBeGreaterThan(0);
    expect(full.days.length).toBeGreaterThan(0);
    expect(figures.totals).toEqual(full.totals);
    expect(figures.revisionCount).toBe(full.revisionCount);
    expect([figures.days, figures.months, figures.gapDays, figures.revisions]).toEqual([[], [], [], []]);
    // The totals are the days' sums (an independent count from the full list).
    const sum = (k: 'expected' | 'received' | 'estimated') => full.days.reduce((a, d) => a + d[k], 0);
    expect([figures.totals.expected, figures.totals.received, figures.totals.estimated]).toEqual([
      sum('expected'),
      sum('received'),
      sum('estimated'),
    ]);
  });

  it('PV says plainly what is and is not derivable, and sums import and export', async () => {
    const pvSite = (await get(svc, `/api/v1/teams/${svc.info.team}/meters`)).body.data.find(
      (m) => m.energy_direction === 'feed_in',
    )!.site_id;
    const res = pv(core.db, pvFrames(core.db, pvSite, { fromSec: FROM, toSec: TO }, svc.state.nowSec, TZ));
    expect(res.consumptionMeterId).not.toBeNull();
    expect(res.feedInMeterId).not.toBeNull();
    // The frame: the requested year up to now (the service's clock), never beyond it.
    expect(res.frame!.toSec).toBeLessThanOrEqual(Math.min(TO, svc.state.nowSec));
    const exp = await rawReadings(res.feedInMeterId!, '1-1:2.9.0 G.01', res.frame!.fromSec, res.frame!.toSec);
    expect(res.exportKwh).toBeCloseTo(
      exp.reduce((a, r) => a + r.value, 0),
      2,
    );
    expect(res.notDerivable.join(' ')).toMatch(/self-consumption/);
  });

  it('portfolio rows equal the independent computation, and totals are per commodity, direction and register', async () => {
    const now = svc.state.nowSec;
    const { rows, totals } = portfolio(core.db, now, null);
    const withData = rows.filter((r) => r.annualKwh !== null);
    expect(withData.length).toBeGreaterThanOrEqual(7);
    const todayStart =
      Date.parse(new Date((now + 3600) * 1000).toISOString().slice(0, 10) + 'T00:00:00+01:00') / 1000;
    const expected = new Map<string, number>();
    for (const r of withData) {
      const xs = await rawReadings(r.meterId, r.obisCode!, todayStart - 365 * 86_400, todayStart);
      const annual = xs
        .filter((x) => local(x.start).day < local(todayStart).day)
        .reduce((a, x) => a + x.value, 0);
      expect(r.annualKwh).toBeCloseTo(annual, 1);
      // Base load: the mean over the days of each day's 5th percentile (linear between ranks), in kW.
      const byDay = new Map<string, number[]>();
      for (const x of xs)
        if (local(x.start).day < local(todayStart).day)
          byDay.set(local(x.start).day, [...(byDay.get(local(x.start).day) ?? []), x.value]);
      const p5s = [...byDay.values()].map((v) => {
        const sorted = [...v].sort((a, b) => a - b);
        const at = (sorted.length - 1) * 0.05;
        const lo = sorted[Math.floor(at)]!;
        return lo + (sorted[Math.ceil(at)]! - lo) * (at - Math.floor(at));
      });
      expect(r.baseLoadKw).toBeCloseTo((4 * p5s.reduce((a, b) => a + b, 0)) / p5s.length, 2);
      const key = `${r.commodity}|${r.energyDirection}|${r.obisCode}`;
      expected.set(key, (expected.get(key) ?? 0) + annual);
    }
    // Gas, feed-in and consumption each have their own total; nothing is added across them.
    expect(new Set(totals.map((t) => t.commodity))).toEqual(new Set(['electricity', 'gas']));
    expect(new Set(totals.map((t) => t.energyDirection))).toEqual(new Set(['consumption', 'feed_in']));
    expect(totals).toHaveLength(expected.size);
    for (const t of totals)
      expect(t.annualKwh).toBeCloseTo(expected.get(`${t.commodity}|${t.energyDirection}|${t.obisCode}`)!, 0);
    // "Latest data" is the meter list's.
    const views = core.account.listMeterViews(now);
    for (const r of rows) expect(r.lastDataSec).toBe(views.find((v) => v.id === r.meterId)!.latestDataSec);
  }, 180_000); // a year of raw readings for every meter over HTTP: ~50 s alone, over 60 s beside other work
});
