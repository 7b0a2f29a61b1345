/**
 * Issue 31, item 4, as the app and the CLI drive it: an hourly portal export (Hall AG, KWG samples in
 * test/fixtures/dso) becomes an hourly series — the chart's hours, the quality's 24/25 a day, the
 * period comparison and the CSV export work on it and say their interval; views that need quarter-hours
 * say so; a quarter-hour file is never put into the hourly meter (nor the reverse). Before, these files
 * were refused. Expectations come from the samples' value functions and luxon, not from the importer.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type {
  CompareResult,
  ImportDone,
  ImportFileView,
  ImportPreview,
  ProfileView,
  QualityBreakdown,
  SeriesView,
} from '../../preload/contract';
import { contractApp } from './contract-app';
import { hallKwh, kwgKwh } from '../fixtures/dso/make-samples';
import { runCli } from './cli-bundle';

const TZ = 'Europe/Vienna';
const DSO = join(__dirname, '..', 'fixtures', 'dso');
const b64 = (name: string) => readFileSync(join(DSO, name)).toString('base64');
const at = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toSeconds();

const app = () => contractApp('md-hourly-');

/** Hall AG's October as the sample holds it: every wall-clock hour but the merged 27.10 02:00 pair. */
function hallHours(): Map<number, number> {
  const out = new Map<number, number>();
  for (let d = 1; d <= 31; d++)
    for (let h = 0; h < 24; h++)
      if (!(d === 27 && h === 2))
        out.set(at(`2024-10-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00`), hallKwh(d, h));
  return out;
}

describe('an hourly export in the app (issue 31, item 4)', () => {
  it('previews and imports as hours; chart, quality and comparison work on hours; quarter-hour views say why not', async () => {
    const { services, call, raw } = app();
    try {
      const p = await call<ProfileView>('profiles:addLocal', { name: 'Hall' });
      await call('profiles:switch', { profileId: p.id });
      const [v] = await call<ImportFileView[]>('import:preview', {
        files: [{ name: 'hall.xlsx', dataBase64: b64('hall-ag-hourly-oct2024.xlsx') }],
      });
      const ready = v as ImportPreview;
      expect(ready.status).toBe('ready');
      expect(ready.series[0]).toMatchObject({
        intervalSec: 3600,
        readings: 743,
        changeDays: [{ day: '2024-10-27', expected: 25, received: 23 }],
      });
      expect(ready.notes.map((n) => n.code)).toEqual(
        expect.arrayContaining(['hourly_series', 'dst_hours_merged']),
      );
      const done = await call<ImportDone>('import:commit', { fileId: ready.fileId });
      const meterId = done.meterId;
      const obisCode = '1-1:1.9.0 G.01';
      const want = hallHours();

      // The chart: one value per hour at its instant, gaps (the merged pair) as nulls.
      const day = await call<SeriesView>('readings:series', {
        meterId,
        obisCode,
        fromSec: at('2024-10-27T00:00'),
        toSec: at('2024-10-28T00:00'),
      });
      expect(day).toMatchObject({ resolution: 'hour', intervalSec: 3600 });
      expect(day.timesSec).toHaveLength(25);
      day.timesSec.forEach((t, i) => {
        if (want.has(t)) expect(day.values[i]).toBeCloseTo(want.get(t)!, 9);
        else expect(day.values[i]).toBeNull();
      });
      expect(day.values.filter((x) => x === null)).toHaveLength(2);

      // Quality and the figures' frame count hours: 745 in October 2024 (one 25-hour day), 743 held.
      const q = await call<QualityBreakdown>('quality:breakdown', {
        meterId,
        obisCode,
        fromSec: at('2024-10-01T00:00'),
        toSec: at('2024-11-01T00:00'),
      });
      expect(q.figures!.frame.resolutionSec).toBe(3600);
      expect(q.figures!.expected).toBe(745);
      expect(q.figures!.readings).toBe(743);
      const total = [...want.values()].reduce((a, b) => a + b, 0);
      expect(q.figures!.kwh).toBeCloseTo(total, 6);
      // Peak power of an hour is its kWh (× 1), not × 4.
      expect(q.figures!.peakKw).toBeCloseTo(Math.max(...want.values()), 6);
      const oct27 = q.days.find((d) => d.day === '2024-10-27')!;
      expect(oct27).toMatchObject({ expected: 25, received: 23 });

      // The period comparison works on hours: 31 days × 24 h per day.
      const cmp = await call<CompareResult>('analysis:compare', {
        meterId,
        obisCode,
        fromSec: at('2024-10-01T00:00'),
        toSec: at('2024-11-01T00:00'),
        shift: 'year',
      });
      expect(cmp.current.totalKwh).toBeCloseTo(total, 3);
      expect(cmp.current.expected).toBe(745);
      expect(cmp.current.kwhPerDay).toBeCloseTo((total / 743) * 24, 3);

      // Views built on quarter-hours say so, with the reason the UI words.
      for (const channel of ['analysis:peaks', 'analysis:carpet', 'analysis:baseLoad']) {
        const r = await raw(channel, {
          meterId,
          obisCode,
          fromSec: at('2024-10-01T00:00'),
          toSec: at('2024-11-01T00:00'),
        });
        expect(r.ok, channel).toBe(false);
        if (!r.ok) expect(r.error).toMatchObject({ code: 'invalid_input', reason: 'needs_quarter_hours' });
      }

      // A quarter-hour file of the same register is not put into the hourly meter.
      const [qh] = await call<ImportFileView[]>('import:preview', {
        files: [{ name: 'ooe.csv', dataBase64: b64('netzooe-csv-mar2025.csv') }],
      });
      const into = (await call<ImportFileView>('import:update', {
        fileId: qh!.fileId,
        meterId,
      })) as ImportPreview;
      expect(into.intervalConflict).toMatchObject({ obisCode, storedSec: 3600, fileSec: 900 });
      const refused = await raw('import:commit', { fileId: qh!.fileId });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.message).toMatch(/one series keeps one interval/);
      // …and nothing of it was written.
      const after = await call<QualityBreakdown>('quality:breakdown', {
        meterId,
        obisCode,
        fromSec: at('2025-03-01T00:00'),
        toSec: at('2025-04-01T00:00'),
      });
      expect(after.figures?.readings ?? 0).toBe(0);
    } finally {
      await services.close();
    }
  });
});

describe('an hourly export in the CLI', () => {
  it('imports KWG (no metering point) to a named meter, says hours, exports hourly rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-hourly-cli-'));
    const file = join(DSO, 'kwg-hourly-mar2025.xlsx');
    const refused = await runCli(['--data-dir', dir, 'import', file]);
    expect(refused.status).toBe(3);
    expect(refused.stdout + refused.stderr).toMatch(/--meter/);

    const r = await runCli(['--data-dir', dir, 'import', file, '--meter', 'new:Betrieb KWG', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const line = JSON.parse(r.stdout.trim()) as {
      meter_id: string;
      series: { interval_sec: number; readings: number; change_days: unknown[] }[];
    };
    expect(line.series[0]).toMatchObject({
      interval_sec: 3600,
      readings: 743,
      change_days: [{ day: '2025-03-30', expected: 23, received: 23 }],
    });
    const text = await runCli(['--data-dir', dir, 'imports']);
    expect(text.status, text.stderr).toBe(0);

    const out = join(dir, 'kwg.csv');
    const e = await runCli([
      '--data-dir',
      dir,
      'export',
      '--meter',
      line.meter_id,
      '--from',
      '2025-03-01T00:00:00+01:00',
      '--to',
      '2025-04-01T00:00:00+02:00',
      '--format',
      'iso',
      '--out',
      out,
    ]);
    expect(e.status, e.stderr).toBe(0);
    const rows = readFileSync(out, 'utf8').trim().split('\n');
    const data = rows.filter((l) => /^\d{4}-/.test(l));
    expect(data).toHaveLength(743);
    // The jump hour: 01:00 CET to 03:00 CEST, one hour, the value written under 03:00.
    const header = rows[0]!.split(',');
    const jump = data.find((l) => l.startsWith('2025-03-30T01:00:00+01:00'))!.split(',');
    expect(jump[header.indexOf('end_local')]).toBe('2025-03-30T03:00:00+02:00');
    expect(jump[header.indexOf('start_utc')]).toBe('2025-03-30T00:00:00Z');
    expect(jump[header.indexOf('end_utc')]).toBe('2025-03-30T01:00:00Z');
    expect(Number(jump[header.indexOf('value')])).toBeCloseTo(kwgKwh(30, 3), 9);
  });
});
