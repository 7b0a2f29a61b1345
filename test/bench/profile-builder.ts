/**
 * A profile for the benchmarks at app scale, written straight through the readings store (a sync of
 * 100 M readings from the demo service would take most of an hour): `meters` household meters in
 * customers of ten, each with its consumption register over `years` years up to `untilSec`, and every
 * tenth with a feed-in register too. Deterministic values with three decimals, as grid operators send.
 * The profile is a local one (no account) and the active one of `dataDir`, so the harness opens it.
 */
import { statSync } from 'node:fs';
import { createProfileRegistry } from '../../main/profiles/registry';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore, type IncomingReading } from '../../main/db/readings-store';
import { DEFAULT_TZ, dayNumberOf, dayStartSec } from '../../main/time/local-days';

export interface BuiltProfile {
  dbPath: string;
  profileName: string;
  readings: number;
  bytes: number;
  seconds: number;
}

export function buildProfile(dataDir: string, meters: number, years: number, untilSec: number): BuiltProfile {
  const t0 = performance.now();
  const registry = createProfileRegistry(dataDir);
  const profile = registry.addLocal('Benchmark');
  registry.setActive(profile.id);
  const dbPath = registry.dbPath(profile.id);
  const db = openDatabase(dbPath);
  const store = createReadingsStore(db, DEFAULT_TZ);
  const lastDay = dayNumberOf(untilSec, DEFAULT_TZ) - 1;
  const firstDay = lastDay - Math.round(years * 365) + 1;
  db.transaction(() => {
    for (let c = 0; c < Math.ceil(meters / 10); c++)
      db.prepare('INSERT INTO customers (id, name) VALUES (?, ?)').run(
        `c${c}`,
        `Kunde ${String(c).padStart(4, '0')}`,
      );
    for (let m = 0; m < meters; m++) {
      db.prepare('INSERT INTO sites (id, customer_id, name) VALUES (?, ?, ?)').run(
        `s${m}`,
        `c${Math.floor(m / 10)}`,
        `Standort ${m}`,
      );
      db.prepare(
        `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
         VALUES (?, ?, ?, 'consumption', 'electricity', 'quarter_hour', 'connected', ?, '{}', ?)`,
      ).run(
        `m${m}`,
        `AT00100000000000000000000${String(m).padStart(8, '0')}`,
        `Zähler ${m}`,
        `s${m}`,
        untilSec,
      );
    }
  })();
  let readings = 0;
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let m = 0; m < meters; m++) {
    const registers = m % 10 === 0 ? ['1-1:1.9.0 G.01', '1-1:2.9.0 G.01'] : ['1-1:1.9.0 G.01'];
    const base = 0.05 + (m % 7) * 0.02;
    // A page of a month at a time, as a sync writes them.
    for (let d = firstDay; d <= lastDay; d += 31) {
      const page: IncomingReading[] = [];
      for (let day = d; day < Math.min(d + 31, lastDay + 1); day++) {
        const from = dayStartSec(day);
        const to = dayStartSec(day + 1);
        const updatedSec = to + 6 * 3600;
        for (let t = from; t < to; t += 900) {
          const hour = ((t - from) / 3600) % 24;
          const load = base + (hour >= 7 && hour < 22 ? 0.12 : 0) + random() * 0.1;
          for (const obisCode of registers) {
            const isFeedIn = obisCode.includes('2.9.0');
            const sun = Math.max(0, Math.sin(((hour - 6) / 14) * Math.PI));
            const value = isFeedIn ? sun * 0.9 * random() : load;
            page.push({
              obisCode,
              unit: 'kWh',
              startSec: t,
              endSec: t + 900,
              value: Math.round(value * 1000) / 1000,
              // Substitute values come by the day, as grid operators fill a day's gap: one day in 53.
              quality: (day + m) % 53 === 0 ? 2 : 1,
              updatedSec,
            });
          }
        }
      }
      readings += store.applyPage(`m${m}`, page, 'cursor', untilSec).inserted;
    }
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return {
    dbPath,
    profileName: profile.name,
    readings,
    bytes: statSync(dbPath).size,
    seconds: (performance.now() - t0) / 1000,
  };
}

/** A year of one meter as Wiener Netze's portal writes it (`Datum;Zeit von;Zeit bis;…`), local times. */
export function wienerNetzeYear(year: number, meteringPoint: string): string {
  const lines = [`\uFEFFDatum;Zeit von;Zeit bis;${meteringPoint} (1234567890) - Verbrauch [kWh];;`];
  const from = dayStartSec(Math.floor(Date.UTC(year, 0, 1) / 86_400_000));
  const to = dayStartSec(Math.floor(Date.UTC(year + 1, 0, 1) / 86_400_000));
  const wall = (sec: number) => {
    const off = new Date(sec * 1000).toLocaleString('en-GB', { timeZone: DEFAULT_TZ, hourCycle: 'h23' });
    return off; // dd/mm/yyyy, HH:MM:SS
  };
  for (let t = from, i = 0; t < to; t += 900, i++) {
    const [date, time] = wall(t).split(', ');
    const [, end] = wall(t + 900).split(', ');
    const value = (0.05 + ((i * 37) % 100) / 1000).toFixed(3).replace('.', ',');
    lines.push(`${date!.replaceAll('/', '.')};${time};${end};${value};;`);
  }
  return lines.join('\r\n') + '\r\n';
}
