/**
 * Issue 34, item 4 — the price files people have, read to quarter-hour prices in €/MWh (net): the
 * expectations are written by hand from the files (test/fixtures/prices).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPriceFile } from '../../main/cost/price-file';

const read = (f: string) =>
  readPriceFile(readFileSync(join(__dirname, '..', 'fixtures', 'prices', f)), 'Europe/Vienna');
// 01.10.2025 00:00 CEST = 30.09.2025 22:00 UTC.
const T0 = Date.UTC(2025, 8, 30, 22) / 1000;

describe('price files', () => {
  it('aWATTar JSON: epoch-ms starts, €/MWh, a negative price kept', () => {
    const r = read('awattar-2025-10-01.json');
    expect(r.format).toBe('aWATTar JSON');
    expect(r.resolutionSec).toBe(900);
    expect(r.points).toEqual([
      { startSec: T0, eurPerMwh: 98.31 },
      { startSec: T0 + 900, eurPerMwh: 95.02 },
      { startSec: T0 + 1800, eurPerMwh: 91.4 },
      { startSec: T0 + 2700, eurPerMwh: -1.25 },
    ]);
  });

  it('aWATTar days put together across the October clock change: the hour they share kept once, said', () => {
    // Two day files of hourly prices, each from its local midnight: 25.10.2025 (CEST) and 26.10.2025
    // (25 hours, CEST then CET), fetched so that each also holds the other's boundary hour.
    const h = (utcIso: string, price: number) => ({
      start_timestamp: Date.parse(utcIso),
      end_timestamp: Date.parse(utcIso) + 3_600_000,
      marketprice: price,
      unit: 'Eur/MWh',
    });
    const day1 = Array.from({ length: 25 }, (_, i) =>
      h(new Date(Date.UTC(2025, 9, 24, 22 + i)).toISOString(), 80 + i),
    );
    const day2 = Array.from({ length: 25 }, (_, i) =>
      h(new Date(Date.UTC(2025, 9, 25, 22 + i)).toISOString(), 104 + i),
    );
    const file = (a: unknown[]) => Buffer.from(JSON.stringify({ object: 'list', data: a }));
    const r = readPriceFile(file([...day1, ...day2]), 'Europe/Vienna');
    // 24 + 25 hours: 49 distinct hours, the shared one (26.10. 00:00 CEST = 25.10. 22:00 UTC) once.
    expect(r.points).toHaveLength(49);
    expect(new Set(r.points.map((p) => p.startSec)).size).toBe(49);
    expect(r.points.find((p) => p.startSec === Date.UTC(2025, 9, 25, 22) / 1000)!.eurPerMwh).toBe(104);
    expect(r.notes).toContain(
      '1 interval is listed twice with the same price (files put together): kept once.',
    );
    // The same hour with two prices is refused, with both.
    const clash = [...day1.slice(0, 24), { ...day1[24]!, marketprice: 999 }, ...day2];
    expect(() => readPriceFile(file(clash), 'Europe/Vienna')).toThrow(
      /104 and 999 €\/MWh|999 and 104 €\/MWh/,
    );
  });

  it('Energy-Charts JSON: columns of unix seconds and prices; a null is no price, not 0', () => {
    const r = read('energy-charts-2025-10-01.json');
    expect(r.format).toBe('Energy-Charts JSON');
    expect(r.points.map((p) => [p.startSec - T0, p.eurPerMwh])).toEqual([
      [0, 98.31],
      [900, 95.02],
      [2700, -1.25],
    ]);
    expect(r.resolutionSec).toBe(900);
  });

  it('smartENERGY JSON: gross ct/kWh with offsets → net €/MWh (÷ 1.2 × 10), said', () => {
    const r = read('smartenergy-2025-10-01.json');
    expect(r.format).toBe('smartENERGY JSON');
    expect(r.points.map((p) => p.startSec - T0)).toEqual([0, 900, 1800, 2700]);
    expect(r.points[0]!.eurPerMwh).toBeCloseTo((11.797 * 10) / 1.2, 9);
    expect(r.points[3]!.eurPerMwh).toBeCloseTo((-0.15 * 10) / 1.2, 9);
    expect(r.notes.join(' ')).toMatch(/gross/);
  });

  it('ENTSO-E XML (A44, curveType A03): left-out points filled forward, the first of two sequences', () => {
    const r = read('entsoe-a44-a03-2025-10-01.xml');
    expect(r.format).toBe('ENTSO-E XML');
    expect(r.points).toEqual([
      { startSec: T0, eurPerMwh: 98.31 },
      { startSec: T0 + 900, eurPerMwh: 98.31 },
      { startSec: T0 + 1800, eurPerMwh: 91.4 },
      { startSec: T0 + 2700, eurPerMwh: 91.4 },
    ]);
    expect(r.notes.join(' ')).toMatch(/2 price sequences; sequence 1 is read/);
    expect(r.notes.join(' ')).toMatch(/2 prices the file leaves out/);
  });

  it('APG CSV (markt.apg.at export): BOM, decimal comma, the October change day by row order', () => {
    const r = read('apg-2025-10-26.csv');
    expect(r.format).toBe('APG CSV');
    expect(r.resolutionSec).toBe(900);
    // 26.10.2025: 25 hours, 100 quarter-hours; 00:00 CEST = 25.10.2025 22:00 UTC, one every 900 s.
    const t0 = Date.UTC(2025, 9, 25, 22) / 1000;
    expect(r.points).toHaveLength(100);
    r.points.forEach((p, k) => {
      expect(p.startSec).toBe(t0 + k * 900);
      expect(p.eurPerMwh).toBeCloseTo(k === 10 ? -3.5 : 80 + k * 0.25, 9);
    });
    // The first 02:00 row is CEST (00:00 UTC), its repeat CET (01:00 UTC).
    expect(r.points[8]!.startSec).toBe(Date.UTC(2025, 9, 26, 0) / 1000);
    expect(r.points[12]!.startSec).toBe(Date.UTC(2025, 9, 26, 1) / 1000);
  });

  // Issue 44, item 6: APG's own marks for the repeated October hour ("2A"/"2B", one or two digits) and
  // its English export (`,`, decimal point, yyyy-MM-dd HH:mm:ss), in the shapes public readers of these
  // files show; the oracle is plain arithmetic from midnight's UTC instant.
  it('APG English export, the October change marked 2A/2B: 100 quarter-hours in order', () => {
    const r = read('apg-en-2025-10-26.csv');
    expect([r.format, r.resolutionSec, r.points.length]).toEqual(['APG CSV', 900, 100]);
    const t0 = Date.UTC(2025, 9, 25, 22) / 1000; // 26.10.2025 00:00 CEST
    r.points.forEach((p, k) => {
      expect(p.startSec).toBe(t0 + k * 900);
      expect(p.eurPerMwh).toBeCloseTo(50 + k / 4, 9);
    });
  });

  it('APG German hourly export, 02A/02B: each placed by its mark even when the rows are out of order', () => {
    const r = read('apg-de-hourly-2025-10-26-ab.csv');
    expect([r.resolutionSec, r.points.length]).toEqual([3600, 25]);
    const t0 = Date.UTC(2025, 9, 25, 22) / 1000;
    // The file lists 02B before 02A; the marks, not the order, decide: 02A = 00:00 UTC at 102 €/MWh.
    r.points.forEach((p, k) => {
      expect(p.startSec).toBe(t0 + k * 3600);
      expect(p.eurPerMwh).toBe(100 + k);
    });
  });

  it('APG English export of the March change: 92 quarter-hours, 01:45 followed by 03:00', () => {
    const r = read('apg-en-2025-03-30.csv');
    expect(r.points).toHaveLength(92);
    const t0 = Date.UTC(2025, 2, 29, 23) / 1000; // 30.03.2025 00:00 CET
    r.points.forEach((p, k) => {
      expect(p.startSec).toBe(t0 + k * 900);
      expect(p.eurPerMwh).toBeCloseTo(-10 + k / 2, 9);
    });
  });

  it('a 2A/2B mark on an hour that is not repeated is refused with its line, not guessed', () => {
    const text =
      'Time from [CET/CEST],Time to [CET/CEST],Price MC Auction [EUR/MWh]\n2025-10-25 2A:00:00,2025-10-25 2B:00:00,50.00\n';
    expect(() => readPriceFile(new TextEncoder().encode(text), 'Europe/Vienna')).toThrow(
      /Line 2: .*2A.*not repeated/,
    );
  });

  it('an interval listed twice with two prices is refused, named in Austrian time', () => {
    const text = 'time;price\n2025-10-01T00:00:00+02:00;50\n2025-09-30T22:00:00Z;60\n';
    expect(() => readPriceFile(new TextEncoder().encode(text), 'Europe/Vienna')).toThrow(
      'Two prices for 2025-10-01T00:00:00+02:00 (50 and 60 €/MWh)',
    );
  });

  it('an ENTSO-E document without prices says so', () => {
    const empty = new TextEncoder().encode(
      '<?xml version="1.0"?><Publication_MarketDocument xmlns="urn:x"><type>A44</type></Publication_MarketDocument>',
    );
    expect(() => readPriceFile(empty, 'Europe/Vienna')).toThrow(/no TimeSeries/);
  });

  it('a 429-byte ENTSO-E Period ending in 9999 is refused before any position is filled (it took 5.5 GB)', () => {
    const bomb = new TextEncoder().encode(
      '<?xml version="1.0"?><Publication_MarketDocument xmlns="urn:x"><TimeSeries><curveType>A03</curveType>' +
        '<Period><timeInterval><start>2025-01-01T00:00Z</start><end>9999-12-31T23:00Z</end></timeInterval>' +
        '<resolution>PT15M</resolution><Point><position>1</position><price.amount>80</price.amount></Point>' +
        '</Period></TimeSeries></Publication_MarketDocument>',
    );
    expect(bomb.length).toBeLessThan(450);
    const heapBefore = process.memoryUsage().heapUsed;
    expect(() => readPriceFile(bomb, 'Europe/Vienna')).toThrow(
      /Period from 2025-01-01T00:00Z to 9999-12-31T23:00Z/,
    );
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('a bad cell of 20 MB is quoted cut, not whole, in the refusal (issue 43, item 13)', () => {
    const cell = `x${'9'.repeat(20 * 1024 * 1024)}`;
    const csv = new TextEncoder().encode(`Zeit;Preis (EUR/MWh)\n2025-01-01 00:00;${cell}\n`);
    let message = '';
    try {
      readPriceFile(csv, 'Europe/Vienna');
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/is not a number/);
    expect(message.length).toBeLessThanOrEqual(400);
  });
});

describe('a price file of JSON far past any real one (issue 61)', () => {
  it('is refused by its shape before it is parsed: 30 MB of `[{},…]` (under the file cap) at once', () => {
    const bytes = Buffer.from(`[${'{},'.repeat(10_000_000)}{}]`);
    expect(bytes.length).toBeGreaterThan(28 * 1024 * 1024);
    const at = performance.now();
    expect(() => readPriceFile(bytes, 'Europe/Vienna')).toThrow(/holds more than 250000 objects and arrays/);
    // The door counts braces with indexOf; JSON.parse of this text alone took seconds and 1 GB.
    expect(performance.now() - at).toBeLessThan(5000);
  });

  it('takes three years of quarter-hourly aWATTar prices (105 000 objects of four values)', () => {
    const start = Date.parse('2023-10-01T00:00:00Z'); // three years up to before today
    const data = Array.from({ length: 3 * 35_040 }, (_, i) => ({
      start_timestamp: start + i * 900_000,
      end_timestamp: start + (i + 1) * 900_000,
      marketprice: 80 + (i % 7),
      unit: 'Eur/MWh',
    }));
    const r = readPriceFile(Buffer.from(JSON.stringify({ object: 'list', data })), 'Europe/Vienna');
    expect(r.points).toHaveLength(3 * 35_040);
  });
});
