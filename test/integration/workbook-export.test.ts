/**
 * Issues 60 and 61 — a workbook export is bounded, says its steps, can be cancelled, and never holds up
 * the analyses: it is built in a thread of its own. Through the handlers (as IPC calls them) on the demo
 * profile: a workbook past its limit is refused with the limit named and nothing written; a cancelled
 * one writes nothing; while one is built, an analysis asked after it answers before it ends; the
 * report's progress counts each meter.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeterView } from '../../preload/contract';
import { MAX_WORKBOOK_CELLS } from '../../main/export/workbook-run';
import { CLOCK, demoProfile } from './helpers';

const NOW = Date.parse(CLOCK) / 1000;
const YEAR = { fromSec: NOW - 365 * 86_400, toSec: NOW };

describe('workbook exports (issues 60, 61)', () => {
  let out: string;
  let profile: Awaited<ReturnType<typeof demoProfile>>;
  let meters: MeterView[];
  const events: { event: string; payload: unknown }[] = [];
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'md-workbook-'));
    profile = await demoProfile(1.1, { chooseExportPath: async (name) => join(out, name) });
    profile.services.on((event, payload) => events.push({ event, payload }));
    // The meters holding readings of the register (a pending or registered meter has none yet).
    meters = (await profile.call<MeterView[]>('meters:list')).filter(
      (m) => m.registers.includes('1-1:1.9.0 G.01') && m.latestDataSec !== null,
    );
    expect(meters.length).toBeGreaterThan(5);
  }, 180_000);
  afterAll(() => profile.services.close());

  it('refuses a workbook past its limit, naming it, and writes nothing', async () => {
    const q = {
      meterIds: meters.map((m) => m.id),
      obisCodes: ['1-1:1.9.0 G.01'],
      fromSec: NOW - 10 * 365 * 86_400,
      toSec: NOW,
    };
    const cells = Math.ceil((q.toSec - q.fromSec) / 900) * (3 + 2 * meters.length);
    expect(cells).toBeGreaterThan(MAX_WORKBOOK_CELLS);
    await expect(profile.call('export:xlsxMany', q)).rejects.toMatchObject({
      error: {
        code: 'invalid_input',
        reason: 'workbook_too_large',
        params: { cells, max: MAX_WORKBOOK_CELLS, registers: meters.length },
      },
    });
    expect(readdirSync(out)).toEqual([]);
  });

  it('a cancelled workbook writes nothing', async () => {
    events.length = 0;
    const running = profile.call('export:xlsxMany', {
      meterIds: meters.map((m) => m.id),
      obisCodes: ['1-1:1.9.0 G.01'],
      ...YEAR,
    });
    // Cancelled once it is under way (its first step said).
    while (!events.some((e) => e.event === 'workbook:progress')) await new Promise((r) => setTimeout(r, 20));
    const stop = await profile.call<{ cancelled: boolean }>('export:cancelWorkbook', {});
    expect(stop.cancelled).toBe(true);
    await expect(running).rejects.toMatchObject({
      error: { code: 'cancelled', reason: 'workbook_cancelled' },
    });
    expect(readdirSync(out).filter((f) => f.endsWith('.xlsx'))).toEqual([]);
  });

  it('keeps the analyses answering while it is built, and says its steps', async () => {
    events.length = 0;
    const order: string[] = [];
    const workbook = profile
      .call<{ path: string }>('export:xlsxMany', {
        meterIds: meters.map((m) => m.id),
        obisCodes: ['1-1:1.9.0 G.01'],
        ...YEAR,
      })
      .then((r) => {
        order.push('workbook');
        return r;
      });
    // Asked after the workbook, answered before it: the query thread is not the workbook's.
    await profile.call('analysis:peaks', {
      meterId: meters[0]!.id,
      obisCode: '1-1:1.9.0 G.01',
      ...YEAR,
      topN: 3,
    });
    order.push('peaks');
    const r = await workbook;
    expect(order).toEqual(['peaks', 'workbook']);
    expect(existsSync(r.path)).toBe(true);
    const steps = events
      .filter((e) => e.event === 'workbook:progress')
      .map((e) => e.payload as { phase: string; done: number; of: number });
    const reads = steps.filter((s) => s.phase === 'read');
    expect(reads.map((s) => s.done)).toEqual(meters.map((_, i) => i));
    expect(reads[0]!.of).toBe(meters.length);
    expect(steps.some((s) => s.phase === 'sheets')).toBe(true);
    expect(steps.some((s) => s.phase === 'write')).toBe(true);
  });

  it('the report’s progress counts each meter as it is done', async () => {
    events.length = 0;
    const site = meters.find((m) => m.siteId && meters.filter((x) => x.siteId === m.siteId).length >= 2)!;
    await profile.call('report:pdf', {
      scope: { kind: 'site', id: site.siteId },
      ...YEAR,
      periodLabel: 'Jahr',
      lang: 'de',
      sections: ['master'],
      consultant: null,
      logoPngBase64: null,
      conclusions: null,
      areaM2: null,
      persons: null,
    });
    const counted = events
      .filter((e) => e.event === 'report:progress')
      .map((e) => e.payload as { phase: string; done: number; of: number })
      .filter((p) => p.phase === 'meters');
    const n = counted[0]!.of;
    expect(counted.map((p) => p.done)).toEqual(Array.from({ length: n + 1 }, (_, i) => i));
  });
});
