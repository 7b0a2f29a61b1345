/**
 * Issue 34, items 2 and 3 — time-of-use windows by month, weekday and Austrian public holiday, the
 * 2026 SNAP grid price window, and the dated grid-fee presets. Instants come from luxon, holidays from
 * the Feiertagsruhegesetz list written out here, not from the code under test.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { tariffSchema, type Tariff } from '../../preload/contract';
import { pricingOf, windowAt } from '../../main/cost/pricing';
import { NE7_2026, presetOf, TARIFF_PRESETS } from '../../main/cost/presets';
import type { TariffStore } from '../../main/db/tariff-store';

const TZ = 'Europe/Vienna';
const at = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toSeconds();
const noStore = {} as TariffStore;

describe('windows with seasons and holidays', () => {
  it('SNAP: April–September 10:00–16:00 local, on the wall clock of summer time; not on 31 March or 1 October', () => {
    const wien = presetOf('netz-2026-wien')!;
    const p = pricingOf(wien, noStore, at('2026-01-01T00:00'), at('2027-01-01T00:00'), TZ);
    // The usage price alone: Wien's loss fee (0,70 ct/kWh) is billed beside it, without SNAP.
    const grid = (iso: string) => Math.round((p.gridEnergyCents(at(iso))! - 0.7) * 100) / 100;
    expect(grid('2026-03-31T12:00')).toBe(6.98);
    expect(grid('2026-04-01T09:45')).toBe(6.98);
    expect(grid('2026-04-01T10:00')).toBe(5.58);
    expect(grid('2026-04-01T15:45')).toBe(5.58);
    expect(grid('2026-04-01T16:00')).toBe(6.98);
    expect(grid('2026-09-30T15:45')).toBe(5.58);
    expect(grid('2026-10-01T10:00')).toBe(6.98);
    // Every day, holidays included: Pfingstmontag 25.05.2026 at noon.
    expect(grid('2026-05-25T12:00')).toBe(5.58);
    // 10:00 CEST is 08:00 UTC: the window is local time, not UTC.
    expect(at('2026-04-01T10:00')).toBe(Date.UTC(2026, 3, 1, 8) / 1000);
  });

  it('a window of the clock-change hours holds both October 02:00 hours and the March jump quarter-hour', () => {
    const windows = [{ days: 'all' as const, from: '02:00', to: '03:00', centsPerKwh: 1 }];
    // 25.10.2026: 02:00–02:59 twice (CEST, then CET): eight quarter-hours in the window.
    const day = [];
    for (let s = at('2026-10-25T00:00'); s < at('2026-10-26T00:00'); s += 900) day.push(s);
    expect(day).toHaveLength(100);
    expect(day.filter((s) => windowAt(windows, s, TZ)).length).toBe(8);
    // 29.03.2026: 02:00–03:00 does not exist; no quarter-hour of that day is in the window.
    const march = [];
    for (let s = at('2026-03-29T00:00'); s < at('2026-03-30T00:00'); s += 900) march.push(s);
    expect(march).toHaveLength(92);
    expect(march.filter((s) => windowAt(windows, s, TZ)).length).toBe(0);
  });

  it('workday, Saturday, Sunday-or-holiday: the 13 Austrian public holidays of 2026 count as Sundays', () => {
    const t = tariffSchema.parse({
      id: 'tou-holidays',
      name: 'ToU with holidays',
      direction: 'consumption',
      energy: {
        type: 'tou',
        defaultCentsPerKwh: 99,
        windows: [
          { days: 'sunday_holiday', from: '00:00', to: '24:00', centsPerKwh: 15 },
          { days: 'saturday', from: '00:00', to: '24:00', centsPerKwh: 20 },
          { days: 'workday', from: '00:00', to: '24:00', centsPerKwh: 25 },
        ],
      },
    }) as Tariff;
    const p = pricingOf(t, noStore, at('2026-01-01T00:00'), at('2027-01-01T00:00'), TZ);
    // Feiertagsruhegesetz 1957 §1: the public holidays of 2026.
    const holidays = new Set([
      '2026-01-01',
      '2026-01-06',
      '2026-04-06',
      '2026-05-01',
      '2026-05-14',
      '2026-05-25',
      '2026-06-04',
      '2026-08-15',
      '2026-10-26',
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
      '2026-12-26',
    ]);
    for (let d = DateTime.fromISO('2026-01-01', { zone: TZ }); d.year === 2026; d = d.plus({ days: 1 })) {
      const want = holidays.has(d.toISODate()!) || d.weekday === 7 ? 15 : d.weekday === 6 ? 20 : 25;
      expect(p.energyCents(d.plus({ hours: 12 }).toSeconds()), d.toISODate()!).toBe(want);
    }
  });
});

describe('the 2026 grid presets', () => {
  it('one per network area (14) for households and one for others, valid from 1 April 2026, each with its legal source', () => {
    const grid = TARIFF_PRESETS.filter((t) => /^netz-2026-[a-z]+(-nichthaushalt)?$/.test(t.id));
    expect(grid).toHaveLength(28);
    // The Elektrizitätsabgabe 2026: 0,10 ct/kWh for households, 0,82 ct/kWh for others (ElAbgG §7(16)).
    const levy = (t: (typeof grid)[number]) =>
      t.levies.find((l) => l.name.startsWith('Elektrizitätsabgabe'))!;
    for (const t of grid) {
      const other = t.id.endsWith('-nichthaushalt');
      expect(levy(t).centsPerKwh, t.id).toBe(other ? 0.82 : 0.1);
      expect(levy(t).name).toBe(`Elektrizitätsabgabe 2026 (${other ? 'Nicht-Haushalt' : 'Haushalt'})`);
    }
    for (const t of grid) {
      expect(tariffSchema.safeParse(t).success, t.id).toBe(true);
      expect(t.validFrom).toBe('2026-01-01'); // the 2026 usage price from 1 January, SNAP from 1 April
      expect(t.source).toMatch(/SNE-V 2018 § 5\/§ 6 \(resources\/tariffs\/at-grid\.json\)/);
    }
  });

  it('SNAP is the usage price less 20 % (BGBl. II 305/2025), to the published hundredth of a cent', () => {
    for (const [area, a] of Object.entries(NE7_2026))
      expect(Math.round(a.ap * 0.8 * 100) / 100, area).toBe(a.snap);
    // Wien: 6,98 → 5,58 ct/kWh, the 1,40 ct the ha_epex_spot #294 report names.
    expect(Math.round((NE7_2026.wien!.ap - NE7_2026.wien!.snap) * 100) / 100).toBe(1.4);
  });
});
