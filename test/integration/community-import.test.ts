/**
 * Issue 35 — the EDA portal's "Energie Report" imported as a whole community through the CLI (the
 * bundled binary, a real SQLite file), its figures checked against counts from the fixture's own value
 * functions (test/fixtures/eda/make-eda-report.ts), not against the code under test: members and
 * registers, the fixed UTC+1 grid (96 rows on the March change day), the invariants of the file, the
 * report's summary beside its quarter-hours (two figures disagree, as in real reports), and an
 * import that fails half-way leaving nothing behind.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DateTime } from 'luxon';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import type { CommunityView, WhatIfResult } from '../../preload/contract';
import {
  CONSUMERS,
  FAULT_ROW,
  FIRST_UTC_SEC,
  PRODUCER,
  ROWS,
  SUMMARY_OFFSETS,
  generation,
  sums,
} from '../fixtures/eda/make-eda-report';
import { runCli } from './cli-bundle';

const FIXTURE = join(__dirname, '..', 'fixtures', 'eda', 'eda-energie-report-2026-03.xlsx');
const FROM = new Date(FIRST_UTC_SEC * 1000).toISOString();
const TO = new Date((FIRST_UTC_SEC + ROWS * 900) * 1000).toISOString();

describe('EDA Energie Report → a community', () => {
  it('imports every member with its registers and shows the figures the file holds', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-eda-'));
    const imp = await runCli([
      '--data-dir',
      data,
      'community',
      'import',
      FIXTURE,
      '--name',
      'EEG Testfeld',
      '--kind',
      'local',
      '--json',
    ]);
    expect(imp.status, imp.stderr).toBe(0);
    const r = JSON.parse(imp.stdout.trim()) as {
      community: { id: string; members: unknown[] };
      readings: number;
      notes: string[];
    };
    // 3 consumers × 3 registers + 1 producer × 2 registers, 288 rows each; the unknown metercode left out.
    expect(r.readings).toBe((3 * 3 + 2) * ROWS);
    expect(r.community.members).toHaveLength(4);
    expect(r.notes.join(' ')).toMatch(/Blindenergie \[KVARH\]/);
    expect(r.notes.join(' ')).toMatch(/fixed UTC\+1/);
    expect(r.notes.join(' ')).toMatch(/Haushalt Novak.*1 quarter-hour\(s\) break G\.03 ≤ G\.02/);

    // Plain SQL: the March change day (29.03., 02:00 UTC+1 = 01:00 UTC) holds a reading at 01:00 UTC.
    const db = new Database(join(data, 'meterdesk.sqlite'), { readonly: true });
    const meters = db
      .prepare(
        "SELECT metering_point, energy_direction, label FROM meters WHERE status = 'imported' ORDER BY metering_point",
      )
      .all() as { metering_point: string; energy_direction: string; label: string }[];
    expect(meters.map((m) => m.metering_point)).toEqual([...CONSUMERS.map((c) => c.mp), PRODUCER.mp]);
    expect(meters.at(-1)!.energy_direction).toBe('feed_in');
    expect(meters[0]!.label).toMatch(/Haushalt Berger/);
    db.close();

    const out = await runCli([
      '--data-dir',
      data,
      'community',
      '--from',
      FROM,
      '--to',
      TO,
      '--json',
      '--capacity',
      '10',
      '--power',
      '5',
    ]);
    expect(out.status, out.stderr).toBe(0);
    const { view, whatIf } = JSON.parse(out.stdout.trim()) as { view: CommunityView; whatIf: WhatIfResult };
    const s = sums();
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    expect(view.recorded!.consumptionKwh).toBeCloseTo(sum(s.consumption), 3);
    expect(view.recorded!.allocatedKwh).toBeCloseTo(sum(s.g02), 3);
    expect(view.recorded!.sharedKwh).toBeCloseTo(sum(s.g03), 3);
    expect(view.recorded!.generationKwh).toBeCloseTo(s.generation, 3);
    expect(view.recorded!.surplusKwh).toBeCloseTo(s.p01, 3);
    CONSUMERS.forEach((c, i) => {
      const m = view.members.find((x) => x.meteringPoint === c.mp)!;
      expect(m.consumptionKwh).toBeCloseTo(s.consumption[i]!, 3);
      expect(m.sharedKwh).toBeCloseTo(s.g03[i]!, 3);
    });
    // The checks: nothing missing; the one faulty quarter-hour named at its time.
    const novak = view.checks.find((c) => c.label.includes('Novak'))!;
    expect(novak.daysLackingCount).toBe(0);
    expect(novak.violations.find((v) => v.rule === 'g03_le_g02')).toEqual({
      rule: 'g03_le_g02',
      count: 1,
      firstSec: FIRST_UTC_SEC + FAULT_ROW * 900,
      days: [DateTime.fromSeconds(FIRST_UTC_SEC + FAULT_ROW * 900, { zone: 'Europe/Vienna' }).toISODate()],
    });
    // The summary beside the quarter-hours: exactly the two figures the report states differently.
    const differing = view.report!.rows.filter((x) => x.differs);
    expect(differing.map((x) => [x.meteringPoint, x.quantity])).toEqual([
      [CONSUMERS[0]!.mp, 'selfCoverage'],
      [PRODUCER.mp, 'surplus'],
    ]);
    expect(differing[0]!.reportKwh).toBeCloseTo(s.g03[0]! + SUMMARY_OFFSETS.consumer1SelfCoverage, 3);
    expect(differing[0]!.quarterHoursKwh).toBeCloseTo(s.g03[0]!, 3);
    expect(differing[1]!.reportKwh).toBeCloseTo(s.p01 + SUMMARY_OFFSETS.producerSurplus, 3);
    // What-if: the dynamic key on the same quarter-hours is the file's own allocation (but the faulty
    // quarter-hour), and a battery only adds to what is shared.
    const dynamic = whatIf.scenarios.find((x) => x.label === 'dynamic')!;
    expect(dynamic.totals.sharedKwh).toBeCloseTo(sum(s.g03) - 0.05, 3);
    const battery = whatIf.scenarios.find((x) => x.label === 'dynamic_battery')!;
    expect(battery.totals.sharedKwh).toBeGreaterThan(dynamic.totals.sharedKwh);
    expect(battery.totals.sharedKwh).toBeLessThanOrEqual(battery.totals.generationKwh + 1e-9);
    // The local day 29.03.2026 has 23 hours: the file's rows 96 … 187 (28.03. 23:00 UTC onwards).
    let changeDay = 0;
    for (let k = 96; k < 96 + 92; k++) changeDay += generation(k);
    expect(view.periodUnit).toBe('day');
    expect(view.periods.find((p) => p.key === '2026-03-29')!.generationKwh).toBeCloseTo(changeDay, 3);
  });

  it('a report with a value no meter can hold is refused whole: no meter, no community', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-eda-bad-'));
    const wb = XLSX.read(readFileSync(FIXTURE));
    const sheet = wb.Sheets['Energiedaten']!;
    // The last member's last column, last row: a negative quarter-hour.
    const range = XLSX.utils.decode_range(sheet['!ref']!);
    sheet[XLSX.utils.encode_cell({ r: range.e.r, c: range.e.c })] = { t: 'n', v: -4 };
    const bad = join(data, 'bad.xlsx');
    writeFileSync(bad, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const r = await runCli(['--data-dir', data, 'community', 'import', bad, '--name', 'Kaputt']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/negative/);
    const db = new Database(join(data, 'meterdesk.sqlite'), { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM meters').get() as { n: number }).n).toBe(0);
    expect((db.prepare('SELECT count(*) AS n FROM communities').get() as { n: number }).n).toBe(0);
    db.close();
  });
});

describe('the what-if takes members in the role their meter measures (issue 42, item 15)', () => {
  it('a consumption meter added as a producer is refused, in words; as a consumer it is taken', async () => {
    const data = mkdtempSync(join(tmpdir(), 'md-eda-role-'));
    const imp = await runCli(['--data-dir', data, 'community', 'import', FIXTURE, '--name', 'EEG', '--json']);
    expect(imp.status, imp.stderr).toBe(0);
    const other = await runCli([
      '--data-dir',
      data,
      'import',
      join(__dirname, '..', 'fixtures', 'dso', 'netzooe-csv-mar2025.csv'),
      '--meter',
      'new:Nachbar',
    ]);
    expect(other.status, other.stderr).toBe(0);
    const meters = JSON.parse((await runCli(['--data-dir', data, 'meters', '--json'])).stdout) as {
      id: string;
      label: string;
    }[];
    const nachbar = meters.find((m) => m.label === 'Nachbar')!.id;
    const span = ['--from', FROM, '--to', TO, '--json'];
    const asProducer = await runCli([
      '--data-dir',
      data,
      'community',
      ...span,
      '--add',
      `${nachbar}:producer`,
    ]);
    expect(asProducer.status).toBe(2);
    expect(asProducer.stderr).toMatch(/Nachbar measures consumption: it cannot be added as a producer/);
    const asConsumer = await runCli([
      '--data-dir',
      data,
      'community',
      ...span,
      '--add',
      `${nachbar}:consumer`,
    ]);
    expect(asConsumer.status, asConsumer.stderr).toBe(0);
  });
});
