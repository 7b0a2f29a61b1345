/**
 * Issue 59, item 6 — one value on two surfaces: the standard profile's SNAP share is rounded once, by
 * the surface that shows it. A June whose SNAP window (10:00–16:00) holds 14,9465 % of its energy read
 * "15,0 %" on screen (the core rounded it to 0,1495 first) and "14,9 %" in the CLI. The oracle: the
 * share from the values written, by hand.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open';
import { createReadingsStore } from '../../main/db/readings-store';
import { compareSlp } from '../../main/slp/compare';
import { fmtPercent } from '../../renderer/src/format';
import { runCli } from './cli-bundle';

const ZONE = 'Europe/Vienna';
const SNAP = 0.527197; // a SNAP quarter-hour's energy against 1 kWh outside the window

/** A meter row as an import makes it (id, direction, commodity), without a site. */
function addMeter(
  db: ReturnType<typeof openDatabase>,
  id: string,
  meteringPoint: string,
  direction = 'consumption',
  commodity = 'electricity',
) {
  db.prepare(
    `INSERT INTO meters (id, metering_point, label, energy_direction, commodity, granularity, status, site_id, raw_json, seen_sec)
     VALUES (?, ?, ?, ?, ?, 'quarter_hour', 'imported', NULL, '{}', 0)`,
  ).run(id, meteringPoint, id, direction, commodity);
}

describe('the standard profile’s shares', () => {
  it('read the same on screen and in the CLI: rounded once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-slp-share-'));
    const db = openDatabase(join(dir, 'meterdesk.sqlite'));
    addMeter(db, 'm', 'AT0010000000000000000000000000042');
    const rows = [];
    let snap = 0;
    let all = 0;
    for (let d = DateTime.fromISO('2026-06-01', { zone: ZONE }); d.month === 6; d = d.plus({ days: 1 }))
      for (let k = 0; k < 96; k++) {
        const t = d.plus({ minutes: 15 * k });
        const inWindow = t.hour >= 10 && t.hour < 16;
        const value = inWindow ? SNAP : 1;
        all += value;
        if (inWindow) snap += value;
        rows.push({
          obisCode: '1-1:1.9.0 G.01',
          startSec: t.toSeconds(),
          endSec: t.toSeconds() + 900,
          value,
          quality: 1 as const,
          updatedSec: 1,
        });
      }
    createReadingsStore(db, ZONE).applyPage('m', rows, 'import', 1);
    const share = snap / all;
    expect(share * 100).toBeCloseTo(14.9465, 3);
    const span = {
      fromSec: DateTime.fromISO('2026-06-01', { zone: ZONE }).toSeconds(),
      toSec: DateTime.fromISO('2026-07-01', { zone: ZONE }).toSeconds(),
    };
    const r = compareSlp(
      db,
      { meterId: 'm', obisCode: '1-1:1.9.0 G.01', ...span, profile: 'H0' },
      span.toSec + 86_400,
      ZONE,
    );
    db.close();
    const screen = fmtPercent(r.shares.snap.real, { locale: 'de-AT', timeZone: ZONE }).replace(
      /[\u00a0\u202f]/g,
      ' ',
    );
    const once = new Intl.NumberFormat('de-AT', { style: 'percent', maximumFractionDigits: 1 })
      .format(share)
      .replace(/[\u00a0\u202f]/g, ' ');
    expect(screen).toBe(once);
    expect(once).toBe('14,9 %');
    const cli = await runCli([
      '--data-dir',
      dir,
      'compare-slp',
      '--meter',
      'm',
      '--slp',
      'H0',
      '--period',
      '2026-06',
      '--now',
      '2026-07-02T00:00:00Z',
    ]);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/SNAP window \(Apr–Sep 10–16\): 14\.9 %/);
  });
});

describe('a standard profile is for electricity drawn from the grid (issue 61)', () => {
  it('refuses a gas meter and a feed-in register, in the core and the CLI; a gas workbook has no such sheet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-slp-gas-'));
    const db = openDatabase(join(dir, 'meterdesk.sqlite'));
    const meter = (id: string, direction: string, commodity: string) =>
      addMeter(db, id, `AT00100000000000000000000000000${id.length}${id.slice(-1)}`, direction, commodity);
    meter('gas', 'consumption', 'gas');
    meter('pv', 'feed_in', 'electricity');
    const day = DateTime.fromISO('2026-06-01', { zone: ZONE });
    const rows = (obisCode: string) =>
      Array.from({ length: 96 }, (_, k) => ({
        obisCode,
        startSec: day.plus({ minutes: 15 * k }).toSeconds(),
        endSec: day.plus({ minutes: 15 * k + 15 }).toSeconds(),
        value: 1,
        quality: 1 as const,
        updatedSec: 1,
      }));
    const store = createReadingsStore(db, ZONE);
    store.applyPage('gas', rows('7-20:99.33.17'), 'import', 1);
    store.applyPage('pv', rows('1-1:2.9.0 G.01'), 'import', 1);
    const span = { fromSec: day.toSeconds(), toSec: day.plus({ days: 1 }).toSeconds() };
    for (const [meterId, obisCode] of [
      ['gas', '7-20:99.33.17'],
      ['pv', '1-1:2.9.0 G.01'],
    ] as const)
      expect(() =>
        compareSlp(db, { meterId, obisCode, ...span, profile: 'H0' }, span.toSec + 86_400, ZONE),
      ).toThrow(
        expect.objectContaining({ details: expect.objectContaining({ reason: 'slp_not_consumption' }) }),
      );
    db.close();
    const cli = await runCli([
      '--data-dir',
      dir,
      'compare-slp',
      '--meter',
      'gas',
      '--slp',
      'H0',
      '--period',
      '2026-06',
      '--now',
      '2026-07-02T00:00:00Z',
    ]);
    expect(cli.status).not.toBe(0);
    expect(cli.stderr).toMatch(/a gas meter or a feed-in register/);
    const out = join(dir, 'gas.xlsx');
    const wb = await runCli([
      '--data-dir',
      dir,
      'export',
      '--meter',
      'gas',
      '--from',
      '2026-06-01T00:00:00+02:00',
      '--to',
      '2026-06-02T00:00:00+02:00',
      '--format',
      'xlsx',
      '--out',
      out,
    ]);
    expect(wb.status, wb.stderr).toBe(0);
    // A register the meter does not hold: refused with the ones it holds, no file (issue 61: an empty
    // workbook, exit 0).
    const none = join(dir, 'none.xlsx');
    for (const format of ['xlsx', 'excel-at']) {
      const r = await runCli([
        '--data-dir',
        dir,
        'export',
        '--meter',
        'gas',
        '--register',
        '1-1:1.9.0 G.01',
        '--from',
        '2026-06-01T00:00:00+02:00',
        '--to',
        '2026-06-02T00:00:00+02:00',
        '--format',
        format,
        '--out',
        none,
      ]);
      expect(r.status, format).toBe(2);
      expect(r.stderr).toContain('has no register 1-1:1.9.0 G.01 (it holds 7-20:99.33.17)');
      expect(existsSync(none)).toBe(false);
    }
    const XLSX = await import('@e965/xlsx');
    expect(XLSX.read(readFileSync(out), { type: 'buffer' }).SheetNames.join(' ')).not.toMatch(/standard/i);
  });
});
