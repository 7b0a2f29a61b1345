/**
 * The demo's energy community (issue 35): six households and the PV roof of a carpentry, "EEG Sonnenfeld
 * (Beispiel)", with the registers an operator delivers per member and quarter-hour — consumers `G.01`,
 * `G.02`, `G.03`, the producer `G.01` and `P.01` — for the 120 days before the demo's today. The
 * operator's allocation is the dynamic key with the members' participation factors (one household at
 * 50 %, one joining a month in), so the series obey G.03 ≤ G.02 and G.03 ≤ G.01 by construction.
 * Synthetic, stable (the demo's hash generator) and named "Beispiel": something to open, not data.
 */
import type Database from 'better-sqlite3';
import type { CommunityMember } from '../../preload/contract';
import { rand4 } from '../demo/rng';
import { createReadingsStore, type IncomingReading } from '../db/readings-store';
import { dayKey, dayNumberOf, dayStartSec } from '../time/local-days';
import { allocateQuarterHour } from './allocation';
import { NE7_2026 } from '../cost/presets';
import { createCommunityStore } from '../db/community-store';
import { createLocalMeter } from '../db/import-record';
import { hasMeterPrefixed } from '../db/meter-reads';

export const DEMO_COMMUNITY_ID = 'demo-eeg-sonnenfeld';
const DAYS = 120;
const CUSTOMER = 'demo-eeg';
const SITE = 'demo-eeg-sonnenfeld';

const HOUSEHOLDS = [
  { name: 'Haushalt Auer', base: 0.05, scale: 1.0, factor: 100 },
  { name: 'Haushalt Binder', base: 0.07, scale: 1.3, factor: 100 },
  { name: 'Haushalt Czerny', base: 0.04, scale: 0.8, factor: 100 },
  { name: 'Haushalt Doppler', base: 0.09, scale: 1.6, factor: 100 },
  { name: 'Haushalt Eder', base: 0.05, scale: 1.1, factor: 100, joinsAfterDays: 30 },
  { name: 'Haushalt Fuchs', base: 0.06, scale: 1.2, factor: 50 },
];

/** kWh of household h in the quarter-hour `slot` (0…) of day `d`: base load, morning, noon, evening. */
function household(h: number, d: number, slot: number, hour: number): number {
  const x = HOUSEHOLDS[h]!;
  const noise = rand4(7001, h, d, slot);
  const morning = hour >= 6.5 && hour < 8.5 ? 0.2 : 0;
  const noon = hour >= 11.5 && hour < 13.5 ? 0.15 * rand4(7002, h, d, 0) : 0;
  // Evenings and appliances of varying size: with fixed ones every household peaked at exactly the same
  // kW each month (issue 42, item 21).
  const evening = hour >= 17.5 && hour < 22 ? 0.28 * (0.75 + 0.5 * rand4(7005, h, d, 1)) : 0;
  const appliance = noise > 0.97 ? 0.25 + 0.6 * rand4(7004, h, d, slot) : 0;
  return Math.round((x.base + (morning + noon + evening) * x.scale + appliance) * 1000) / 1000;
}

/** kWh of the 30 kWp roof in a quarter-hour: a bell between sunrise and sunset, by season and sky. */
function pv(dayOfYear: number, d: number, hour: number): number {
  const season = Math.cos(((dayOfYear - 172) / 365) * 2 * Math.PI); // 1 at midsummer, −1 at midwinter
  const half = 6 + 2.2 * season; // half the day length, hours
  const t = (hour - 12.5) / half;
  if (Math.abs(t) >= 1) return 0;
  const sky = 0.35 + 0.65 * rand4(7003, d, 0, 0);
  const peak = 30 * 0.25 * (0.55 + 0.25 * season) * sky;
  return Math.round(peak * Math.cos((t * Math.PI) / 2) ** 2 * 1000) / 1000;
}

/** Puts the demo community into the demo profile once (not again if the person removed it). */
export function seedDemoCommunity(db: Database.Database, tz: string, nowSec: number): void {
  const seeded = hasMeterPrefixed(db, 'demo-eeg-');
  if (seeded) return;
  const today = dayNumberOf(nowSec, tz);
  const first = today - DAYS;
  const readings = createReadingsStore(db, tz);
  const ids = [...HOUSEHOLDS.map((_, i) => `demo-eeg-hh${i + 1}`), 'demo-eeg-pv'];
  const rows: IncomingReading[][] = ids.map(() => []);
  const add = (m: number, obisCode: string, startSec: number, value: number) =>
    rows[m]!.push({ obisCode, startSec, endSec: startSec + 900, value, quality: 1, updatedSec: null });
  for (let d = first; d < today; d++) {
    const start = dayStartSec(d, tz);
    const slots = Math.round((dayStartSec(d + 1, tz) - start) / 900);
    const key = dayKey(d);
    const dayOfYear = d - dayNumberOf(Date.UTC(Number(key.slice(0, 4)), 0, 1) / 1000, 'UTC') + 1;
    const active = HOUSEHOLDS.map((h) => d >= first + (h.joinsAfterDays ?? 0));
    for (let s = 0; s < slots; s++) {
      const t = start + s * 900;
      // Wall-clock hour of the slot (the change days shift it by an hour; close enough for a demo load).
      const hour = s / 4;
      const c = HOUSEHOLDS.map((_, h) => household(h, d, s, hour));
      const g = pv(dayOfYear, d, hour);
      const demand = c.map((x, h) => (x * HOUSEHOLDS[h]!.factor) / 100);
      const q = allocateQuarterHour('dynamic', demand, active, [g], []);
      HOUSEHOLDS.forEach((_, h) => {
        add(h, '1-1:1.9.0 G.01', t, c[h]!);
        if (!active[h]) return;
        add(h, '1-1:2.9.0 G.02', t, Math.round(q.allocated[h]! * 1e6) / 1e6);
        add(h, '1-1:2.9.0 G.03', t, Math.round(q.consumed[h]! * 1e6) / 1e6);
      });
      add(ids.length - 1, '1-1:2.9.0 G.01', t, g);
      add(ids.length - 1, '1-1:2.9.0 P.01', t, Math.round(Math.max(0, g - q.taken[0]!) * 1e6) / 1e6);
    }
  }
  const lastEnd = dayStartSec(today, tz);
  db.transaction(() => {
    ids.forEach((id, m) => {
      const producer = m === ids.length - 1;
      createLocalMeter(db, {
        meterId: id,
        customer: { id: CUSTOMER, name: 'Verein EEG Sonnenfeld (Beispiel)' },
        site: { id: SITE, name: 'EEG Sonnenfeld (Beispiel)', address: 'Sonnenfeldgasse, 3100 St. Pölten' },
        meteringPoint: `AT003${'0'.repeat(21)}${producer ? 2 : 1}${String(m + 1).padStart(6, '0')}`,
        label: producer ? 'PV Zimmerei Lechner (Beispiel)' : `${HOUSEHOLDS[m]!.name} (Beispiel)`,
        direction: producer ? 'feed_in' : 'consumption',
        lastEndSec: lastEnd,
        nowSec,
        rawJson: JSON.stringify({ source: 'import-demo-community' }),
      });
      readings.applyPage(id, rows[m]!, 'import', nowSec);
    });
    const members: CommunityMember[] = [
      ...HOUSEHOLDS.map((h, i) => ({
        meterId: ids[i]!,
        role: 'consumer' as const,
        factorPercent: h.factor,
        staticSharePercent: null,
        validFrom: h.joinsAfterDays ? dayKey(first + h.joinsAfterDays) : null,
        validTo: null,
      })),
      {
        meterId: 'demo-eeg-pv',
        role: 'producer',
        factorPercent: 100,
        staticSharePercent: null,
        validFrom: null,
        validTo: null,
      },
    ];
    const store = createCommunityStore(db);
    store.save(
      {
        id: DEMO_COMMUNITY_ID,
        name: 'EEG Sonnenfeld (Beispiel)',
        kind: 'local',
        allocation: 'dynamic',
        // A community in Lower Austria: the area's 2026 usage price and SNAP (presets.ts).
        settings: {
          ...store.defaults(),
          consumerPriceCents: 12,
          producerPriceCents: 10,
          gridEnergyCents: NE7_2026.noe!.ap,
          snapGridEnergyCents: NE7_2026.noe!.snap,
        },
        members,
      },
      nowSec,
      'demo',
    );
  }).immediate();
}
