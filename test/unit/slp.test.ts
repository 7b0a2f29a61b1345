// The standard load profiles (issue 47) against the published tables, read here on their own, with the
// README's rules written out: kW × 0.25 per quarter-hour for 1 000 kWh a year (VDEW 1999), kWh for 1 000 000 (BDEW 2025),
// seasons, day types (a holiday a Sunday, 24/31 December a Saturday), F(t), and the clock changes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { slpDay, slpForYear, slpSeries } from '../../main/slp/standard-profile';
import { setUsageClass } from '../../main/db/meter-admin';
import { compareSlp } from '../../main/slp/compare';
import { createTariffStore } from '../../main/db/tariff-store';
import { tariffSchema } from '../../preload/contract';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { dayNumberOfKey, dayStartSec } from '../../main/time/local-days';

const TZ = 'Europe/Vienna';
// The project's copy of the published tables (main/slp/data, unchanged from the reference), parsed here
// on their own.
const REF = join(__dirname, '..', '..', 'main', 'slp', 'data');

/** The VDEW table's 96 values (kW per 1 000 kWh) of a profile, season and weekday. */
function vdew(profile: string, season: string, weekday: number): number[] {
  const lines = readFileSync(join(REF, 'selp_series.csv'), 'utf8').trim().split('\n');
  const col = lines[0]!.split(',').indexOf(profile.toLowerCase());
  return lines
    .slice(1)
    .map((l) => l.split(','))
    .filter((c) => c[1] === season && Number(c[2]) === weekday)
    .map((c) => Number(c[col]));
}
const F = (t: number) => -3.92e-10 * t ** 4 + 3.2e-7 * t ** 3 - 7.02e-5 * t ** 2 + 2.1e-3 * t + 1.24;
const dayOfYear = (key: string) => DateTime.fromISO(key, { zone: 'UTC' }).ordinal;

describe('standard load profiles', () => {
  it('H0 on a summer Wednesday: the table × 0.25 × F(t); G0 static', () => {
    const key = '2025-07-16';
    const h0 = slpDay('H0', dayNumberOfKey(key), TZ);
    const want = vdew('H0', 'summer', 3).map((kw) => kw * 0.25 * F(dayOfYear(key)));
    expect(h0).toHaveLength(96);
    [...h0].forEach((v, i) => expect(v).toBeCloseTo(want[i]!, 9));
    const g0 = slpDay('G0', dayNumberOfKey(key), TZ);
    [...g0].forEach((v, i) => expect(v).toBeCloseTo(vdew('G0', 'summer', 3)[i]! * 0.25, 9));
  });

  it('H0 scaled to 1 000 kWh sums to 1 000 kWh over a year; the table itself is within half a percent of it', () => {
    const year = slpForYear('H0', 2025, 1000, TZ);
    expect(year).toHaveLength(35_040);
    expect(year.reduce((a, x) => a + x, 0)).toBeCloseTo(1000, 6);
    // The raw year by hand: every day's 96 table values × 0.25 × F(t), its season and day type.
    let raw = 0;
    for (let d = DateTime.fromISO('2025-01-01', { zone: 'UTC' }); d.year === 2025; d = d.plus({ days: 1 })) {
      const key = d.toISODate()!;
      const md = d.month * 100 + d.day;
      const season = md >= 1101 || md <= 320 ? 'winter' : md >= 515 && md <= 914 ? 'summer' : 'transition';
      const holidays = [
        '2025-01-01',
        '2025-01-06',
        '2025-04-21',
        '2025-05-01',
        '2025-05-29',
        '2025-06-09',
        '2025-06-19',
        '2025-08-15',
        '2025-10-26',
        '2025-11-01',
        '2025-12-08',
        '2025-12-25',
        '2025-12-26',
      ];
      const type =
        d.weekday === 7 || holidays.includes(key)
          ? 7
          : key.endsWith('12-24') || key.endsWith('12-31')
            ? 6
            : d.weekday;
      const values = vdew('H0', season, type);
      // The clock changes: 30 March lacks 02:00–03:00, 26 October has it twice.
      const day =
        key === '2025-03-30'
          ? [...values.slice(0, 8), ...values.slice(12)]
          : key === '2025-10-26'
            ? [...values.slice(0, 12), ...values.slice(8)]
            : values;
      raw += day.reduce((a, kw) => a + kw * 0.25 * F(d.ordinal), 0);
    }
    const series = slpSeries(
      'H0',
      DateTime.fromISO('2025-01-01', { zone: TZ }).toSeconds(),
      DateTime.fromISO('2026-01-01', { zone: TZ }).toSeconds(),
      TZ,
    );
    expect(series.reduce((a, x) => a + x, 0)).toBeCloseTo(raw, 6);
    expect(Math.abs(raw - 1000)).toBeLessThan(5);
  });

  it('H0 on a winter working day and a summer Saturday: the table’s values', () => {
    const winter = '2025-01-15'; // a Wednesday
    [...slpDay('H0', dayNumberOfKey(winter), TZ)].forEach((v, i) =>
      expect(v).toBeCloseTo(vdew('H0', 'winter', 3)[i]! * 0.25 * F(dayOfYear(winter)), 9),
    );
    const saturday = '2025-07-12';
    [...slpDay('H0', dayNumberOfKey(saturday), TZ)].forEach((v, i) =>
      expect(v).toBeCloseTo(vdew('H0', 'summer', 6)[i]! * 0.25 * F(dayOfYear(saturday)), 9),
    );
  });

  it('H25 and P25 by day type: a Saturday SA, a Sunday and a holiday FT, 24 December SA', () => {
    for (const id of ['H25', 'P25'] as const) {
      const lines = readFileSync(join(REF, `${id.toLowerCase()}.csv`), 'utf8')
        .trim()
        .split('\n');
      const head = lines[0]!.split(',');
      const types = lines[1]!.split(',');
      const col = (month: string, type: string) => head.findIndex((h, i) => h === month && types[i] === type);
      const at = (month: string, type: string, slot: number) =>
        Number(lines[2 + slot]!.split(',')[col(month, type)]);
      for (const [key, month, type] of [
        ['2025-07-12', 'Juli', 'SA'],
        ['2025-07-13', 'Juli', 'FT'],
        ['2025-08-15', 'August', 'FT'],
        ['2025-12-24', 'Dezember', 'SA'],
        ['2025-12-23', 'Dezember', 'WT'],
      ] as const)
        expect(slpDay(id, dayNumberOfKey(key), TZ)[40]).toBeCloseTo(
          (at(month, type, 40) / 1000) * F(dayOfYear(key)),
          9,
        );
    }
  });

  it('a holiday is a Sunday, 24 December a Saturday, winter and transition by date', () => {
    // 15 August 2025 (a Friday, Mariä Himmelfahrt): summer Sunday.
    expect([...slpDay('G0', dayNumberOfKey('2025-08-15'), TZ)][40]).toBeCloseTo(
      vdew('G0', 'summer', 7)[40]! * 0.25,
      9,
    );
    // 24 December 2025 (a Wednesday): winter Saturday.
    expect([...slpDay('G0', dayNumberOfKey('2025-12-24'), TZ)][40]).toBeCloseTo(
      vdew('G0', 'winter', 6)[40]! * 0.25,
      9,
    );
    // 14 May 2025 (a Wednesday) is transition, 15 May summer.
    expect([...slpDay('G0', dayNumberOfKey('2025-05-14'), TZ)][40]).toBeCloseTo(
      vdew('G0', 'transition', 3)[40]! * 0.25,
      9,
    );
    expect([...slpDay('G0', dayNumberOfKey('2025-05-15'), TZ)][40]).toBeCloseTo(
      vdew('G0', 'summer', 4)[40]! * 0.25,
      9,
    );
  });

  it('the March day lacks 02:00–03:00, the October day has it twice', () => {
    const march = slpDay('G0', dayNumberOfKey('2025-03-30'), TZ); // a Sunday, transition
    const tMarch = vdew('G0', 'transition', 7).map((kw) => kw * 0.25);
    expect(march).toHaveLength(92);
    expect(march[7]).toBeCloseTo(tMarch[7]!, 9); // 01:45
    expect(march[8]).toBeCloseTo(tMarch[12]!, 9); // 03:00 follows 01:45
    const october = slpDay('G0', dayNumberOfKey('2025-10-26'), TZ); // a Sunday (and a holiday), transition
    const tOct = vdew('G0', 'transition', 7).map((kw) => kw * 0.25);
    expect(october).toHaveLength(100);
    for (let i = 0; i < 4; i++) {
      expect(october[8 + i]).toBeCloseTo(tOct[8 + i]!, 9);
      expect(october[12 + i]).toBeCloseTo(tOct[8 + i]!, 9); // the repeated hour
    }
    expect(october[16]).toBeCloseTo(tOct[12]!, 9);
  });

  it('H25 in January on a working day: the BDEW 2025 table ÷ 1 000 × F(t)', () => {
    const lines = readFileSync(join(REF, 'h25.csv'), 'utf8').trim().split('\n');
    const head = lines[0]!.split(',');
    const types = lines[1]!.split(',');
    const col = head.findIndex((h, i) => h === 'Januar' && types[i] === 'WT');
    const key = '2025-01-15'; // a Wednesday
    const h25 = slpDay('H25', dayNumberOfKey(key), TZ);
    lines
      .slice(2)
      .forEach((l, i) =>
        expect(h25[i]).toBeCloseTo((Number(l.split(',')[col]) / 1000) * F(dayOfYear(key)), 9),
      );
  });

  it('a meter that follows H0 exactly compares equal: the same shares and peaks, scaled to its energy', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-slp-')), 'meterdesk.sqlite'));
    db.prepare(
      `INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec)
       VALUES ('m', 'AT0010000000000000000000000000001', 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)`,
    ).run();
    const store = createReadingsStore(db);
    for (
      let d = DateTime.fromISO('2025-06-01', { zone: TZ });
      d < DateTime.fromISO('2025-07-01', { zone: TZ });
      d = d.plus({ days: 1 })
    ) {
      const key = d.toISODate()!;
      const want = vdew('H0', 'summer', d.weekday === 7 ? 7 : d.weekday).map(
        (kw) => kw * 0.25 * F(d.ordinal) * 3,
      );
      const start = dayStartSec(dayNumberOfKey(key));
      // Corpus Christi (19 June 2025) and Whit Monday (9 June) are holidays: Sunday values.
      const holiday = key === '2025-06-09' || key === '2025-06-19';
      const values = holiday ? vdew('H0', 'summer', 7).map((kw) => kw * 0.25 * F(d.ordinal) * 3) : want;
      store.applyPage(
        'm',
        values.map((v, i) => ({
          obisCode: '1-1:1.9.0 G.01',
          unit: 'kWh',
          startSec: start + i * 900,
          endSec: start + (i + 1) * 900,
          value: Math.round(v * 1e6) / 1e6,
          quality: 1,
          updatedSec: 1,
        })),
        'cursor',
        1,
      );
    }
    const r = compareSlp(
      db,
      {
        meterId: 'm',
        obisCode: '1-1:1.9.0 G.01',
        fromSec: DateTime.fromISO('2025-06-01', { zone: TZ }).toSeconds(),
        toSec: DateTime.fromISO('2025-07-01', { zone: TZ }).toSeconds(),
        profile: 'H0',
      },
      DateTime.fromISO('2025-08-01', { zone: TZ }).toSeconds(),
      TZ,
    );
    expect(r.readings).toBe(30 * 96);
    expect(r.scale).toBeCloseTo(3000, 0); // three times the table's 1 000 kWh a year
    for (const w of ['night', 'day', 'snap'] as const)
      expect(r.shares[w].real).toBeCloseTo(r.shares[w].standard!, 4);
    expect(r.peakKw.real).toBeCloseTo(r.peakKw.standard, 2);
    db.close();
  });

  it('suggests the closest shape: a meter like G5 is a bakery, one like H0 a household; typical days by season; a TOU tariff priced on both', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-slp-fit-')), 'meterdesk.sqlite'));
    const meter = db.prepare(
      `INSERT INTO meters (id, metering_point, energy_direction, commodity, granularity, status, raw_json, seen_sec)
       VALUES (?, ?, 'consumption', 'electricity', 'quarter_hour', 'connected', '{}', 0)`,
    );
    const store = createReadingsStore(db);
    // June 2025 as the published tables say (kW per 1 000 kWh a year, × 2): G5 static, H0 dynamised.
    const plant = (id: string, profile: 'G5' | 'H0') => {
      meter.run(id, `AT00100000000000000000000000${id.padEnd(5, 'x')}`);
      for (
        let d = DateTime.fromISO('2025-06-01', { zone: TZ });
        d < DateTime.fromISO('2025-07-01', { zone: TZ });
        d = d.plus({ days: 1 })
      ) {
        const key = d.toISODate()!;
        const holiday = key === '2025-06-09' || key === '2025-06-19';
        const weekday = holiday ? 7 : d.weekday;
        const f = profile === 'H0' ? F(d.ordinal) : 1;
        const start = dayStartSec(dayNumberOfKey(key));
        store.applyPage(
          id,
          vdew(profile, 'summer', weekday).map((kw, i) => ({
            obisCode: '1-1:1.9.0 G.01',
            unit: 'kWh',
            startSec: start + i * 900,
            endSec: start + (i + 1) * 900,
            value: Math.round(kw * 0.25 * f * 2 * 1e6) / 1e6,
            quality: 1,
            updatedSec: 1,
          })),
          'cursor',
          1,
        );
      }
    };
    plant('bake', 'G5');
    plant('home', 'H0');
    const q = (meterId: string) => ({
      meterId,
      obisCode: '1-1:1.9.0 G.01',
      fromSec: DateTime.fromISO('2025-06-01', { zone: TZ }).toSeconds(),
      toSec: DateTime.fromISO('2025-07-01', { zone: TZ }).toSeconds(),
      profile: null,
    });
    const now = DateTime.fromISO('2025-08-01', { zone: TZ }).toSeconds();
    // A time-of-use tariff: 30 ct from 6 to 10, 10 ct otherwise (net, no VAT).
    createTariffStore(db).save(
      tariffSchema.parse({
        id: 'tou',
        name: 'Morgen teuer',
        direction: 'consumption',
        energy: {
          type: 'tou',
          defaultCentsPerKwh: 10,
          windows: [{ days: 'all', from: '06:00', to: '10:00', centsPerKwh: 30 }],
        },
        vatPercent: 0,
      }),
      1,
    );
    // Unmarked, the bakery's 2 000 kWh a year read as a household's: the suggestion stays among the
    // household profiles (issue 60: a flat was suggested L1, a heat pump household G3), and says why.
    const unmarked = compareSlp(db, q('bake'), now, TZ);
    expect(unmarked.suggestion).toMatchObject({ usageClass: 'household', classFrom: 'energy' });
    expect(['H0', 'H25']).toContain(unmarked.suggestion.profile);
    expect(unmarked.suggestion.fit.map((x) => x.profile).sort()).toEqual(['H0', 'H25']);
    // Marked a business, it is matched with the business profiles: G5, its own shape.
    setUsageClass(db, 'bake', 'business');
    const bake = compareSlp(db, q('bake'), now, TZ);
    expect(bake.suggestion).toMatchObject({
      profile: 'G5',
      reason: 'closest_shape',
      usageClass: 'business',
      classFrom: 'marked',
    });
    expect(bake.profile).toBe('G5');
    expect(bake.suggestion.fit[0]).toEqual({ profile: 'G5', deviation: 0 });
    expect(bake.suggestion.fit.every((x) => /^G/.test(x.profile))).toBe(true);
    const home = compareSlp(db, q('home'), now, TZ);
    expect(home.suggestion).toMatchObject({
      profile: 'H0',
      reason: 'closest_shape',
      usageClass: 'household',
    });
    expect(home.suggestion.fit[0]!.profile).toBe('H0');
    // Summer working days at 05:00–06:00: the bakery's mean kW is the table's four values × 2 (kW, not
    // dynamised), as the published table gives them — and the standard's the same.
    const cell = bake.seasonHours.find(
      (x) => x.season === 'summer' && x.dayType === 'workday' && x.hour === 5,
    )!;
    const table = vdew('G5', 'summer', 1).slice(20, 24);
    expect(cell.realKw).toBeCloseTo((table.reduce((a, x) => a + x, 0) / 4) * 2, 2);
    expect(cell.standardKw).toBeCloseTo(cell.realKw, 2);
    // The bakery, against H0 on the time-of-use tariff: both prices by hand from the quarter-hours.
    const vsH0 = compareSlp(db, { ...q('bake'), profile: 'H0' }, now, TZ);
    const rows = db
      .prepare(
        `SELECT r.start_sec AS t, r.value AS v FROM readings r JOIN series s ON s.id = r.series_id WHERE s.meter_id = 'bake'`,
      )
      .all() as { t: number; v: number }[];
    const price = (t: number) => {
      const h = DateTime.fromSeconds(t, { zone: TZ }).hour;
      return h >= 6 && h < 10 ? 30 : 10;
    };
    const real = rows.reduce((a, r) => a + r.v * price(r.t), 0) / rows.reduce((a, r) => a + r.v, 0);
    const tou = vsH0.tariffs.find((x) => x.tariffId === 'tou')!;
    expect(tou.realCtPerKwh).toBeCloseTo(real, 3);
    // The H0 meter's own quarter-hours are H0 ×  a constant: its price is the standard's price.
    const homeRows = db
      .prepare(
        `SELECT r.start_sec AS t, r.value AS v FROM readings r JOIN series s ON s.id = r.series_id WHERE s.meter_id = 'home'`,
      )
      .all() as { t: number; v: number }[];
    const std = homeRows.reduce((a, r) => a + r.v * price(r.t), 0) / homeRows.reduce((a, r) => a + r.v, 0);
    expect(tou.standardCtPerKwh).toBeCloseTo(std, 2);
    expect(tou.differenceCtPerKwh).toBeCloseTo(real - std, 2);
    db.close();
  });
});
