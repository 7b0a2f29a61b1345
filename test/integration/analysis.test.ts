// Analysis figures against values computed here independently from the demo service's raw data
// (window reads over HTTP; local months, days and times of day via Intl), including DST months and
// months with estimated values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseLoad,
  carpet,
  compare,
  duration,
  health,
  peaks,
  portfolio,
  profiles,
  pv,
} from '../../main/analysis/analysis';
import type { DemoService } from '../../main/demo/service';
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

describe('analysis', () => {
  it('monthly peaks, top-N and the grid-fee means equal the independent computation', () => {
    const byMonth = new Map<string, Raw>();
    for (const r of raw) {
      const m = local(r.start).month;
      const cur = byMonth.get(m);
      if (!cur || r.value > cur.value) byMonth.set(m, r);
    }
    const res = peaks(core.db, scope(), 10);
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
    const h = health(core.db, sc);
    expect(h.days.reduce((a, d) => a + d.estimated + d.unreliable, 0)).toBe(months.get(month));
    const p = peaks(core.db, sc);
    expect(p.monthly).toHaveLength(1);
    const max = monthRaw.reduce((a, r) => (r.value > a.value ? r : a));
    expect(p.monthly[0]).toMatchObject({ startSec: max.start, quality: max.quality });
    const d = duration(core.db, sc, 0);
    expect(d.quality.estimated + d.quality.unreliable).toBe(months.get(month));
  });

  it('base load (5th percentile per day) equals the independent computation', () => {
    const byDay = new Map<string, number[]>();
    for (const r of raw)
      byDay.set(local(r.start).day, [...(byDay.get(local(r.start).day) ?? []), r.value * 4]);
    const res = baseLoad(core.db, scope());
    expect(res.days).toHaveLength(byDay.size);
    for (const d of res.days.filter((_, i) => i % 29 === 0)) {
      const xs = byDay.get(d.day)!.sort((a, b) => a - b);
      const idx = (xs.length - 1) * 0.05;
      const expected =
        xs[Math.floor(idx)]! + (xs[Math.ceil(idx)]! - xs[Math.floor(idx)]!) * (idx - Math.floor(idx));
      expect(d.p5Kw).toBeCloseTo(expected, 3);
    }
    expect(res.trendKwPerYear).not.toBeNull();
  });

  it('the load duration curve and hours above a threshold equal the independent computation', () => {
    const kw = raw.map((r) => r.value * 4).sort((a, b) => b - a);
    const threshold = kw[Math.floor(kw.length * 0.1)]!;
    const res = duration(core.db, scope(), threshold);
    expect(res.totalHours).toBeCloseTo(raw.length / 4, 2);
    expect(res.hoursAbove).toBeCloseTo(kw.filter((v) => v > threshold).length / 4, 2);
    expect(res.points[0]!.powerKw).toBeCloseTo(kw[0]!, 3);
    expect(res.points.at(-1)!.powerKw).toBeCloseTo(kw.at(-1)!, 3);
    for (let i = 1; i < res.points.length; i++)
      expect(res.points[i]!.powerKw).toBeLessThanOrEqual(res.points[i - 1]!.powerKw);
  });

  it('the carpet plot has the real number of slots on DST days', () => {
    const res = carpet(core.db, {
      ...scope(),
      fromSec: Date.parse('2026-03-01T00:00:00+01:00') / 1000,
      toSec: Date.parse('2026-11-01T00:00:00+01:00') / 1000,
    });
    const day = (k: string) => res.days.find((d) => d.day === k)!;
    expect(day('2026-03-29').slots).toBe(92);
    expect(day('2026-03-29').values).toHaveLength(92);
    expect(day('2026-10-25').slots).toBe(100);
    expect(day('2026-06-15').slots).toBe(96);
    const oct25 = raw.filter((r) => local(r.start).day === '2026-10-25');
    expect(day('2026-10-25').values.filter((v) => v !== null)).toHaveLength(oct25.length);
  });

  it('mean day profiles equal the independent computation (weekday, weekend, season)', () => {
    const res = profiles(core.db, scope());
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
    const res = compare(core.db, { ...scope(), fromSec: from, toSec: to }, 'year');
    const cur = raw.filter((r) => r.start >= from && r.start < to).reduce((a, r) => a + r.value, 0);
    expect(res.current.totalKwh).toBeCloseTo(cur, 2);
    expect(res.previous.fromSec).toBe(Date.parse('2025-10-01T00:00:00+02:00') / 1000);
    const prevRaw = await rawReadings(heatPump.id, OBIS, res.previous.fromSec, res.previous.toSec);
    expect(res.previous.totalKwh).toBeCloseTo(
      prevRaw.reduce((a, r) => a + r.value, 0),
      2,
    );
    expect(res.differenceKwh).toBeCloseTo(res.current.totalKwh - res.previous.totalKwh, 2);
  });

  it('flags the implausible spike and its correction', () => {
    const meters = core.db.prepare("SELECT id FROM meters WHERE label = 'Wohnung Huber'").get() as {
      id: string;
    };
    const h = health(core.db, { meterId: meters.id, obisCode: OBIS, fromSec: FROM, toSec: TO + 60 * 86_400 });
    expect(h.corrected.some((c) => c.oldValueKwh === 24_000)).toBe(true);
    expect(h.implausible).toEqual([]); // corrected already: the stored value is plausible again
  });

  it('PV says plainly what is and is not derivable, and sums import and export', async () => {
    const pvSite = (await get(svc, `/api/v1/teams/${svc.info.team}/meters`)).body.data.find(
      (m) => m.energy_direction === 'feed_in',
    )!.site_id;
    const res = pv(core.db, pvSite, FROM, TO);
    expect(res.consumptionMeterId).not.toBeNull();
    expect(res.feedInMeterId).not.toBeNull();
    const exp = await rawReadings(res.feedInMeterId!, '1-1:2.9.0 G.01', FROM, TO);
    expect(res.exportKwh).toBeCloseTo(
      exp.reduce((a, r) => a + r.value, 0),
      2,
    );
    expect(res.notDerivable.join(' ')).toMatch(/self-consumption/);
  });

  it('portfolio totals equal the sum of the per-meter figures', async () => {
    const now = svc.state.nowSec;
    const rows = portfolio(core.db, now, null);
    const withData = rows.filter((r) => r.annualKwh !== null);
    expect(withData.length).toBeGreaterThanOrEqual(7);
    const todayStart =
      Date.parse(new Date((now + 3600) * 1000).toISOString().slice(0, 10) + 'T00:00:00+01:00') / 1000;
    let total = 0;
    for (const r of withData) {
      const xs = await rawReadings(r.meterId, r.obisCode!, todayStart - 365 * 86_400, todayStart);
      const annual = xs
        .filter((x) => local(x.start).day < local(todayStart).day)
        .reduce((a, x) => a + x.value, 0);
      expect(r.annualKwh).toBeCloseTo(annual, 1);
      total += annual;
    }
    expect(withData.reduce((a, r) => a + r.annualKwh!, 0)).toBeCloseTo(total, 0);
  });
});
