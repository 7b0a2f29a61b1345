/**
 * Issue 35, item 6 — the allocation reproduces the recorded G.02/G.03/P.01 of a community built so that
 * the answer is known by hand: static and dynamic keys, a quarter-hour where a member's consumption caps
 * its share, a participation factor of 50 %, a member joining mid-month. The expected numbers are
 * written out below from the rules (AUSTRIA-2026.md §2.1), not computed by the code under test.
 *
 * Community: consumers A (100 %, static 50 %), B (50 %, static 30 %), C (joins 03.03.2026, static
 * 20 %); producer P (100 %). Every quarter-hour of 02.–03.03.2026 is 0 but two:
 *   Q1 02.03. 12:00  P 3.0  A 0.5  B 2.0 (in the community: 1.0)  C 1.0 (not yet a member)
 *   Q2 03.03. 12:00  P 1.0  A 1.0  B 0.4 (0.2)                     C 0.8
 * Dynamic (by consumption in the community):
 *   Q1: demand 0.5 + 1.0 = 1.5 ≤ 3.0 → G.02 A 1.0, B 2.0; G.03 A 0.5, B 1.0; shared 1.5, P.01 1.5
 *   Q2: demand 1.0 + 0.2 + 0.8 = 2.0 > 1.0 → G.02 = G.03: A 0.5, B 0.1, C 0.4; shared 1.0, P.01 0
 * Static (fixed shares of the generation, a share a member cannot use is not passed on):
 *   Q1: G.02 A 1.5, B 0.9, C 0 → G.03 A 0.5 (capped by its 0.5), B 0.9; shared 1.4, P.01 1.6
 *   Q2: G.02 A 0.5, B 0.3, C 0.2 → G.03 A 0.5, B 0.2 (capped by its 0.2), C 0.2; shared 0.9, P.01 0.1
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommunityStore } from '../../main/db/community-store';
import { communityView, communityWhatIf } from '../../main/community/community-view';
import { allocateQuarterHour, staticShares } from '../../main/community/allocation';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';

const TZ = 'Europe/Vienna';
const utc = (iso: string) => Date.parse(iso) / 1000;
const FROM = utc('2026-03-01T23:00:00Z'); // 02.03.2026 00:00 CET
const TO = utc('2026-03-03T23:00:00Z'); // 04.03.2026 00:00 CET
/** "Now" for the views: a week after the data (nothing is clipped to now unless a test says so). */
const LATER = TO + 7 * 86_400;
const Q1 = utc('2026-03-02T11:00:00Z');
const Q2 = utc('2026-03-03T11:00:00Z');

type Key = 'static' | 'dynamic';
const RECORDED: Record<
  Key,
  { g02: Record<string, [number, number]>; g03: Record<string, [number, number]>; p01: [number, number] }
> = {
  dynamic: {
    g02: { a: [1.0, 0.5], b: [2.0, 0.1], c: [0, 0.4] },
    g03: { a: [0.5, 0.5], b: [1.0, 0.1], c: [0, 0.4] },
    p01: [1.5, 0],
  },
  static: {
    g02: { a: [1.5, 0.5], b: [0.9, 0.3], c: [0, 0.2] },
    g03: { a: [0.5, 0.5], b: [0.9, 0.2], c: [0, 0.2] },
    p01: [1.6, 0.1],
  },
};
const G01 = { a: [0.5, 1.0], b: [2.0, 0.4], c: [1.0, 0.8], p: [3.0, 1.0] } as const;

function community(key: Key) {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-eeg-')), 'meterdesk.sqlite'));
  const readings = createReadingsStore(db, TZ);
  const meter = db.prepare(
    `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
     VALUES (?, ?, ?, ?, 'electricity', 'quarter_hour', 'imported', NULL, '{}', 0)`,
  );
  const series = (id: string, obis: string, q1: number, q2: number) => {
    const rows = [];
    for (let t = FROM; t < TO; t += 900)
      rows.push({
        obisCode: obis,
        startSec: t,
        endSec: t + 900,
        value: t === Q1 ? q1 : t === Q2 ? q2 : 0,
        quality: 1,
        updatedSec: 1,
      });
    readings.applyPage(id, rows, 'sync', 1);
  };
  for (const id of ['a', 'b', 'c'] as const) {
    meter.run(id, `AT00100000000000000000000000000A${id}`, `Haushalt ${id.toUpperCase()}`, 'consumption');
    series(id, '1-1:1.9.0 G.01', G01[id][0], G01[id][1]);
    series(id, '1-1:2.9.0 G.02', ...RECORDED[key].g02[id]!);
    series(id, '1-1:2.9.0 G.03', ...RECORDED[key].g03[id]!);
  }
  meter.run('p', 'AT0010000000000000000000000000PV1', 'PV Dach', 'feed_in');
  series('p', '1-1:2.9.0 G.01', G01.p[0], G01.p[1]);
  series('p', '1-1:2.9.0 P.01', ...RECORDED[key].p01);
  const store = createCommunityStore(db);
  store.save(
    {
      id: 'eeg',
      name: 'EEG Test',
      kind: 'local',
      allocation: key,
      settings: {
        consumerPriceCents: 12,
        producerPriceCents: 10,
        supplierPriceCents: 20,
        feedInPriceCents: 6,
        gridEnergyCents: 8,
        snapGridEnergyCents: null,
        leviesCents: 0.72,
        vatPercent: 20,
      },
      members: [
        {
          meterId: 'a',
          role: 'consumer',
          factorPercent: 100,
          staticSharePercent: 50,
          validFrom: null,
          validTo: null,
        },
        {
          meterId: 'b',
          role: 'consumer',
          factorPercent: 50,
          staticSharePercent: 30,
          validFrom: null,
          validTo: null,
        },
        {
          meterId: 'c',
          role: 'consumer',
          factorPercent: 100,
          staticSharePercent: 20,
          validFrom: '2026-03-03',
          validTo: null,
        },
        {
          meterId: 'p',
          role: 'producer',
          factorPercent: 100,
          staticSharePercent: null,
          validFrom: null,
          validTo: null,
        },
      ],
    },
    0,
  );
  return { db, store };
}

const byMeter = (ms: { meterId: string; allocatedKwh: number; sharedKwh: number; surplusKwh: number }[]) =>
  Object.fromEntries(ms.map((m) => [m.meterId, [m.allocatedKwh, m.sharedKwh, m.surplusKwh]]));

describe('community allocation against a community known by hand', () => {
  for (const key of ['dynamic', 'static'] as const) {
    it(`${key} key: the model reproduces the recorded G.02, G.03 and P.01, member by member`, () => {
      const { db, store } = community(key);
      const v = communityView(db, store, 'eeg', { fromSec: FROM, toSec: TO }, LATER, TZ);
      const r = RECORDED[key];
      const sum = (x: [number, number]) => x[0] + x[1];
      expect(v.recorded).not.toBeNull();
      expect(v.recorded!.generationKwh).toBeCloseTo(4.0, 9);
      // C's consumption of 1.0 on 02.03. is not the community's: C joined on 03.03.
      expect(v.recorded!.consumptionKwh).toBeCloseTo(0.5 + 1.0 + 2.0 + 0.4 + 0.8, 9);
      expect(v.recorded!.sharedKwh).toBeCloseTo(sum(r.g03.a!) + sum(r.g03.b!) + r.g03.c![1], 9);
      expect(v.recorded!.surplusKwh).toBeCloseTo(sum(r.p01), 9);
      for (const q of ['generationKwh', 'allocatedKwh', 'sharedKwh', 'surplusKwh'] as const)
        expect(v.modelled[q], q).toBeCloseTo(v.recorded![q], 9);
      const modelled = byMeter(
        communityWhatIf(
          db,
          store,
          {
            communityId: 'eeg',
            fromSec: FROM,
            toSec: TO,
            staticShares: {},
            add: [],
            remove: [],
            battery: null,
          },
          LATER,
          TZ,
        ).scenarios.find((s) => s.label === key)!.members,
      );
      for (const id of ['a', 'b'] as const) {
        expect(modelled[id]![0], `${id} G.02`).toBeCloseTo(sum(r.g02[id]!), 9);
        expect(modelled[id]![1], `${id} G.03`).toBeCloseTo(sum(r.g03[id]!), 9);
      }
      expect(modelled.c![1]).toBeCloseTo(r.g03.c![1], 9);
      expect(modelled.p![2]).toBeCloseTo(sum(r.p01), 9);
      // Nothing missing, no invariant broken.
      for (const c of v.checks) {
        expect(c.daysLackingCount, c.meterId).toBe(0);
        expect(
          c.violations.every((x) => x.count === 0),
          c.meterId,
        ).toBe(true);
      }
      db.close();
    });
  }

  it('money: consumers save supplier price − community price + 57 % of the grid price + levies, gross', () => {
    const { db, store } = community('dynamic');
    const v = communityView(db, store, 'eeg', { fromSec: FROM, toSec: TO }, LATER, TZ);
    const a = v.members.find((m) => m.meterId === 'a')!;
    // A took 1.0 kWh: pays 12 ct; saves (20 − 12 + 8 × 0.57 + 0.72) ct × 1.2 = 13.28 × 1.2 = 15.936 ct.
    expect(a.communityEur).toBe(0.12);
    expect(a.savingEur).toBe(0.16);
    const p = v.members.find((m) => m.meterId === 'p')!;
    // P: the community took 2.5 kWh at 10 ct instead of 6 ct feed-in: 0.25 € and 0.10 € more.
    expect(p.sharedKwh).toBeCloseTo(2.5, 9);
    expect(p.communityEur).toBe(0.25);
    expect(p.savingEur).toBe(0.1);
    db.close();
  });

  it('names a quarter-hour that breaks G.03 ≤ G.02 and a missing day, with counts', () => {
    const { db, store } = community('dynamic');
    createReadingsStore(db, TZ).applyPage(
      'a',
      [
        {
          obisCode: '1-1:2.9.0 G.03',
          startSec: Q2 + 900,
          endSec: Q2 + 1800,
          value: 0.3,
          quality: 1,
          updatedSec: 2,
        },
      ],
      'sync',
      2,
    );
    // The producer delivered 04.03., the consumers did not: their registers lack that day.
    const rows = [];
    for (let t = TO; t < TO + 86_400; t += 900)
      for (const obisCode of ['1-1:2.9.0 G.01', '1-1:2.9.0 P.01'])
        rows.push({ obisCode, startSec: t, endSec: t + 900, value: 0, quality: 1 as const, updatedSec: 2 });
    createReadingsStore(db, TZ).applyPage('p', rows, 'sync', 2);
    // Asked for a day beyond every member's data: not counted (05.03.), and said.
    const v = communityView(db, store, 'eeg', { fromSec: FROM, toSec: TO + 2 * 86_400 }, LATER, TZ);
    expect(v.toSec).toBe(TO + 86_400);
    expect(v.clampedToData).toBe(true);
    const a = v.checks.find((c) => c.meterId === 'a')!;
    expect(a.violations.find((x) => x.rule === 'g03_le_g02')).toEqual({
      rule: 'g03_le_g02',
      count: 1,
      firstSec: Q2 + 900,
      days: ['2026-03-03'],
    });
    expect(a.violations.find((x) => x.rule === 'g03_le_g01')!.count).toBe(1);
    expect(a.daysLacking).toEqual(['2026-03-04']);
    expect(a.expected).toBe(3 * 96);
    db.close();
  });

  it('one frame for view and what-if: a span past "now" is clipped to now, and both say the same span', () => {
    const { db, store } = community('dynamic');
    // "Now" is 03.03. 12:00: the 03.03. has not ended, the data of the 02.03. is complete.
    const now = FROM + 86_400 + 12 * 3600;
    const v = communityView(db, store, 'eeg', { fromSec: FROM, toSec: TO }, now, TZ);
    const w = communityWhatIf(
      db,
      store,
      { communityId: 'eeg', fromSec: FROM, toSec: TO, staticShares: {}, add: [], remove: [], battery: null },
      now,
      TZ,
    );
    expect(v.toSec).toBeLessThanOrEqual(now);
    expect(v.clampedToData).toBe(true);
    expect([w.fromSec, w.toSec]).toEqual([v.fromSec, v.toSec]);
    // An independent count: the consumers' quarter-hours before "now", not one after it.
    const later = communityView(db, store, 'eeg', { fromSec: FROM, toSec: TO }, LATER, TZ);
    expect(later.recorded!.consumptionKwh).toBeGreaterThan(v.recorded!.consumptionKwh);
    db.close();
  });

  it('what-if: a community battery shares more and never more than there is', () => {
    const { db, store } = community('dynamic');
    const w = communityWhatIf(
      db,
      store,
      {
        communityId: 'eeg',
        fromSec: FROM,
        toSec: TO,
        staticShares: {},
        add: [],
        remove: [],
        battery: { capacityKwh: 10, powerKw: 100, efficiency: 1 },
      },
      LATER,
      TZ,
    );
    const plain = w.scenarios.find((s) => s.label === 'dynamic')!.totals;
    const withBattery = w.scenarios.find((s) => s.label === 'dynamic_battery')!;
    // Q1's 1.5 kWh surplus charges; Q1 leaves B's … nothing: all demand met. From 12:15 on 02.03. no
    // demand until Q2, where 1.0 kWh demand is unmet and the battery gives it: shared 2.5 + 1.0.
    expect(withBattery.battery).toEqual({ chargedKwh: 1.5, dischargedKwh: 1.0, fullCycles: 0.1 });
    expect(withBattery.totals.sharedKwh).toBeCloseTo(plain.sharedKwh + 1.0, 9);
    expect(withBattery.totals.surplusKwh).toBeCloseTo(0, 9);
    db.close();
  });

  it('refuses static shares over 100 % with what to do', () => {
    expect(() => staticShares([60, 50])).toThrow(/110 %/);
    expect(staticShares([50, null, null])).toEqual([0.5, 0.25, 0.25]);
    // Dynamic with no generation: nothing allocated.
    expect(allocateQuarterHour('dynamic', [1, 1], [true, true], [0], [0, 0]).consumed).toEqual([0, 0]);
  });

  it('money in the SNAP window: the saving on the grid price is SNAP − usage × 43 %, by hand', () => {
    // Consumer A and producer P of a local EEG (Niederösterreich 2026: usage 8.79, SNAP 7.03 ct net),
    // on 10.06.2025 and 10.06.2026 (CEST), three quarter-hours each, every other one 0:
    //   10:00 local (in the window, its first quarter-hour)  P 1.0  A 0.4 → G.03 0.4
    //   12:00 local (in the window)                           P 2.0  A 1.0 → G.03 1.0
    //   16:00 local (just after it)                           P 1.0  A 0.3 → G.03 0.3
    // Outside the window A saves 20 − 12 + 8.79 × 0.57 + 0.72 = 13.7303 ct/kWh net; inside it, where
    // A would pay SNAP without the community, 20 − 12 + (7.03 − 8.79 × 0.43) + 0.72 = 11.9703 ct.
    // 2026: 0.3 × 13.7303 + 1.4 × 11.9703 = 20.87751 ct, gross 25.053 ct → 0.25 €.
    // 2025 (before SNAP began on 01.04.2026): 1.7 × 13.7303 = 23.34151 ct, gross 28.010 ct → 0.28 €.
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'md-eeg-snap-')), 'meterdesk.sqlite'));
    const readings = createReadingsStore(db, TZ);
    const meter = db.prepare(
      `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
       VALUES (?, ?, ?, ?, 'electricity', 'quarter_hour', 'imported', NULL, '{}', 0)`,
    );
    meter.run('a', 'AT0010000000000000000000000000SNA', 'Haushalt A', 'consumption');
    meter.run('p', 'AT0010000000000000000000000000SNP', 'PV', 'feed_in');
    const days = ['2025-06-10', '2026-06-10'];
    // Local times in CEST (UTC+2) → UTC hours 08, 10, 14.
    const values: Record<string, [number, number, number]> = {
      'a|1-1:1.9.0 G.01': [0.4, 1.0, 0.3],
      'a|1-1:2.9.0 G.02': [1.0, 2.0, 1.0],
      'a|1-1:2.9.0 G.03': [0.4, 1.0, 0.3],
      'p|1-1:2.9.0 G.01': [1.0, 2.0, 1.0],
      'p|1-1:2.9.0 P.01': [0.6, 1.0, 0.7],
    };
    for (const [k, v] of Object.entries(values)) {
      const [id, obisCode] = k.split('|') as [string, string];
      const rows = [];
      for (const d of days) {
        const from = utc(`${d}T00:00:00+02:00`);
        const at = [utc(`${d}T08:00:00Z`), utc(`${d}T10:00:00Z`), utc(`${d}T14:00:00Z`)];
        for (let t = from; t < from + 86_400; t += 900) {
          const j = at.indexOf(t);
          rows.push({
            obisCode,
            startSec: t,
            endSec: t + 900,
            value: j < 0 ? 0 : v[j]!,
            quality: 1,
            updatedSec: 1,
          });
        }
      }
      readings.applyPage(id, rows, 'sync', 1);
    }
    const store = createCommunityStore(db);
    const save = (snap: number | null) =>
      store.save(
        {
          id: 'snap',
          name: 'EEG SNAP',
          kind: 'local',
          allocation: 'dynamic',
          settings: {
            consumerPriceCents: 12,
            producerPriceCents: 10,
            supplierPriceCents: 20,
            feedInPriceCents: 6,
            gridEnergyCents: 8.79,
            snapGridEnergyCents: snap,
            leviesCents: 0.72,
            vatPercent: 20,
          },
          members: [
            {
              meterId: 'a',
              role: 'consumer',
              factorPercent: 100,
              staticSharePercent: null,
              validFrom: null,
              validTo: null,
            },
            {
              meterId: 'p',
              role: 'producer',
              factorPercent: 100,
              staticSharePercent: null,
              validFrom: null,
              validTo: null,
            },
          ],
        },
        0,
      );
    const dayOf = (d: string) => {
      const from = utc(`${d}T00:00:00+02:00`);
      return communityView(
        db,
        store,
        'snap',
        { fromSec: from, toSec: from + 86_400 },
        from + 2 * 86_400,
        TZ,
      ).members.find((m) => m.meterId === 'a')!;
    };
    save(7.03);
    const in2026 = dayOf('2026-06-10');
    expect(in2026.sharedKwh).toBeCloseTo(1.7, 9);
    expect(in2026.sharedInSnapKwh).toBeCloseTo(1.4, 9);
    expect(in2026.savingEur).toBe(0.25);
    const in2025 = dayOf('2025-06-10');
    expect(in2025.sharedInSnapKwh).toBe(0);
    expect(in2025.savingEur).toBe(0.28);
    // Without a SNAP price set, the window is still shown but not priced: 2026 as 2025.
    save(null);
    expect(dayOf('2026-06-10').savingEur).toBe(0.28);
    db.close();
  });
});
