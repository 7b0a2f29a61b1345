// A real EDA "Energie Report" (issue 42, item 7): the producer's total stands under the consumers' words
// ("Gesamtverbrauch lt. Messung (bei Teilnahme gem. Erzeugung) [KWH]") in a GENERATION column, and the
// summary sheet is found by what it holds, not only by its name. Counted against the generator's own
// value functions (test/fixtures/eda/make-eda-report.ts), not against the reader.
import { describe, expect, it } from 'vitest';
import { readEdaReport } from '../../main/community/eda-report';
import {
  PRODUCER,
  ROWS,
  SUMMARY_OFFSETS,
  edaReport,
  generation,
  sums,
} from '../fixtures/eda/make-eda-report';

const REAL_CODE = 'Gesamtverbrauch lt. Messung (bei Teilnahme gem. Erzeugung) [KWH]';

describe('a real EDA report’s layout', () => {
  it('reads the producer’s total from a GENERATION column under the consumers’ words', async () => {
    const r = await readEdaReport(edaReport({ producerTotalCode: REAL_CODE }), 1_780_000_000);
    const producer = r.members.find((m) => m.meteringPoint === PRODUCER.mp)!;
    expect(producer.role).toBe('producer');
    const total = producer.series.find((x) => x.obisCode === '1-1:2.9.0 G.01')!;
    expect(total.valueKwh).toHaveLength(ROWS);
    let oracle = 0;
    for (let k = 0; k < ROWS; k++) oracle += generation(k);
    expect(total.valueKwh.reduce((a, b) => a + b, 0)).toBeCloseTo(oracle, 6);
    expect(oracle).toBeGreaterThan(10); // generation is not 0, as it read before
    expect(r.notes.map((n) => n.code)).not.toContain('metercodes_unknown_producer');
    expect(JSON.stringify(r.notes)).not.toContain('Gesamtverbrauch lt. Messung (bei Teilnahme');
  });

  it('finds the summary sheet by its content under another name, with its figures', async () => {
    const r = await readEdaReport(edaReport({ summarySheet: 'Übersicht' }), 1_780_000_000);
    expect(r.summary).not.toBeNull();
    const p = r.summary!.members.find((m) => m.meteringPoint === PRODUCER.mp)!;
    expect(p.surplusKwh).toBeCloseTo(sums().p01 + SUMMARY_OFFSETS.producerSurplus, 3);
  });
});
