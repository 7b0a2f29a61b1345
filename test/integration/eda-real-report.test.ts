/**
 * Issue 59, item 5 — the EDA portal's real "Energie Report" layout: its summary sheet is "Summery",
 * headed by "Verbrauchszählpunkt" over the consumers and "Einspeisezählpunkt" over the producers; it
 * is read by what its cells say, its difference from the quarter-hours is stated with both numbers,
 * the community opens on the report's whole span (its last hour, 31.03. 00:00–01:00 local time, the
 * UTC+1 grid's 30.03. 23:00–24:00, included), and a member's Eigendeckung without consumption or
 * allocation is a data check with its count and days. Every expected number comes from the fixture's
 * own value functions (test/fixtures/eda/make-eda-report.ts), never from the reader.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { CommunitySpan, CommunityView } from '../../preload/contract';
import {
  CONSUMERS,
  FIRST_UTC_SEC,
  PHANTOM,
  PRODUCER,
  ROWS,
  SUMMARY_OFFSETS,
  edaReport,
  generation,
  phantomRows,
  sums,
} from '../fixtures/eda/make-eda-report';
import { runCli } from './cli-bundle';

const END_SEC = FIRST_UTC_SEC + ROWS * 900;

async function imported(options: Parameters<typeof edaReport>[0]) {
  const data = mkdtempSync(join(tmpdir(), 'md-eda-real-'));
  const file = join(data, 'Energie Report.xlsx');
  writeFileSync(file, edaReport(options));
  const imp = await runCli(['--data-dir', data, 'community', 'import', file, '--name', 'EEG Real', '--json']);
  expect(imp.status, imp.stderr).toBe(0);
  return {
    data,
    r: JSON.parse(imp.stdout.trim()) as {
      community: { id: string };
      notes: string[];
      noteCodes: { code: string; params: Record<string, string | number> }[];
    },
  };
}

describe('the real EDA report layout', () => {
  it('reads the "Summery" blocks by their words and states the summary beside the quarter-hours', async () => {
    const { data, r } = await imported({ blocks: true, summarySheet: 'Summery' });
    expect(r.noteCodes.map((n) => n.code)).not.toContain('no_summary');
    const s = sums();
    const differs = r.noteCodes.find((n) => n.code === 'summary_differs')!;
    // Two figures differ (the fixture's offsets): both numbers of the first are said.
    expect(differs.params.figures).toBe(2);
    expect(differs.params.meteringPoint).toBe(CONSUMERS[0]!.mp);
    expect(Number(differs.params.reportKwh)).toBeCloseTo(
      s.g03[0]! + SUMMARY_OFFSETS.consumer1SelfCoverage,
      3,
    );
    expect(Number(differs.params.quarterHoursKwh)).toBeCloseTo(s.g03[0]!, 3);

    // No period given: the community opens on the report's own span, every row of it.
    const out = await runCli(['--data-dir', data, 'community', '--json']);
    expect(out.status, out.stderr).toBe(0);
    const v = JSON.parse(out.stdout.trim()).view as CommunityView;
    expect([v.fromSec, v.toSec]).toEqual([FIRST_UTC_SEC, END_SEC]);
    let gen = 0;
    for (let k = 0; k < ROWS; k++) gen += generation(k);
    expect(v.recorded!.generationKwh).toBeCloseTo(gen, 3);
    // The report's last hour is a local hour of 31.03. (summer time): inside the span.
    expect(DateTime.fromSeconds(END_SEC - 900, { zone: 'Europe/Vienna' }).toFormat('dd.MM. HH:mm')).toBe(
      '31.03. 00:45',
    );
    const producer = v.report!.rows.find((x) => x.meteringPoint === PRODUCER.mp && x.quantity === 'surplus')!;
    expect(producer.reportKwh).toBeCloseTo(s.p01 + SUMMARY_OFFSETS.producerSurplus, 3);
    expect(producer.quarterHoursKwh).toBeCloseTo(s.p01, 3);
    expect(producer.differs).toBe(true);
  });

  it('says a member holds Eigendeckung without consumption or allocation, with the count and the days', async () => {
    const { data, r } = await imported({ phantom: true });
    const rows = [...phantomRows()];
    const days = [
      ...new Set(
        rows.map((k) => DateTime.fromSeconds(FIRST_UTC_SEC + k * 900, { zone: 'Europe/Vienna' }).toISODate()),
      ),
    ];
    const note = r.noteCodes.find((n) => n.code === 'g03_without_use')!;
    expect(note.params.count).toBe(PHANTOM.quarterHours);
    expect(String(note.params.days).split(', ')).toEqual(days);
    expect(r.notes.join('\n')).toMatch(
      new RegExp(`${PHANTOM.quarterHours} quarter-hour\\(s\\) hold Eigendeckung`),
    );
    const out = await runCli(['--data-dir', data, 'community']);
    expect(out.stdout).toMatch(
      new RegExp(`${PHANTOM.quarterHours} quarter-hour\\(s\\) hold G\\.03 where G\\.01 and G\\.02 are 0`),
    );
  });

  it('opens a report of an earlier year on its span, not on the last twelve months', async () => {
    const { data, r } = await imported({});
    const { openDatabase } = await import('../../main/db/open');
    const { createCommunityService } = await import('../../main/community/community-service');
    const db = openDatabase(join(data, 'meterdesk.sqlite'));
    try {
      const span: CommunitySpan = createCommunityService(db, 'Europe/Vienna').span(
        r.community.id,
        Date.parse('2027-06-01T12:00:00Z') / 1000,
      );
      expect(span).toEqual({ fromSec: FIRST_UTC_SEC, toSec: END_SEC, kind: 'report' });
    } finally {
      db.close();
    }
  });
});
