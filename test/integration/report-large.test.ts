// A customer of more than 50 meters (issue 43, item 8): a 2 000-meter customer made 2 027 pages in four
// minutes at 3 GB, with no progress and no way to stop it. Now such a customer gets a summary report
// whose table lists every meter (figures only, no page each), the app shows progress, and a cancel
// ends the report's own thread: nothing is written, the analyses go on.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../main/dispatch';
import { createHandlers } from '../../main/handlers';
import { openDatabase } from '../../main/db/open';
import { renderReport, pageCount } from '../../main/report/document';
import { buildReport, MAX_METER_PAGES } from '../../main/report/model';
import { createSecretStore } from '../../main/secrets/keychain';
import { createServices, type Services } from '../../main/services';
import { buildProfile } from '../bench/profile-builder';

const NOW = Date.parse('2026-11-20T12:00:00Z') / 1000;
const METERS = 60;
const open: Services[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
});

/** A profile of 60 meters, all under one customer (c0), 36 days each. */
function customerOf60(): { dataDir: string; dbPath: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-report-large-'));
  const { dbPath } = buildProfile(dataDir, METERS, 0.1, NOW);
  const db = new Database(dbPath);
  db.prepare("UPDATE sites SET customer_id = 'c0'").run();
  db.close();
  return { dataDir, dbPath };
}

/** The request as the app sends it (report:pdf takes every field). */
const appRequest = () => ({
  ...request,
  consultant: null,
  logoPngBase64: null,
  conclusions: null,
  areaM2: null,
  persons: null,
});

const request = {
  scope: { kind: 'customer' as const, id: 'c0' },
  fromSec: NOW - 40 * 86_400,
  toSec: NOW,
  periodLabel: 'Herbst 2026',
  lang: 'de' as const,
  sections: ['master', 'energy', 'profile'] as ('master' | 'energy' | 'profile')[],
};

describe('a report of a customer with more than 50 meters', () => {
  it('is a summary report: every meter a row of its table, no page each', async () => {
    const { dataDir, dbPath } = customerOf60();
    const db = openDatabase(dbPath);
    // Two flats of the same name (issue 61: rows that read alike): told apart by their metering points.
    const twins = db.prepare('SELECT id, metering_point FROM meters ORDER BY id LIMIT 2').all() as {
      id: string;
      metering_point: string;
    }[];
    for (const t of twins) db.prepare("UPDATE meters SET label = 'Wohnung' WHERE id = ?").run(t.id);
    const progress: number[] = [];
    const model = buildReport(db, request, NOW, 'Europe/Vienna', (done) => progress.push(done));
    db.close();
    expect(METERS).toBeGreaterThan(MAX_METER_PAGES);
    expect(model.appendix).toBe(true);
    expect(model.meters).toHaveLength(METERS);
    // Each meter counted as it is done (issue 60: a 2-meter report stayed at "0 of 2" for 13 s).
    expect(progress).toEqual(Array.from({ length: METERS + 1 }, (_, i) => i));
    const pdf = await renderReport(model);
    expect(pageCount(pdf)).toBeLessThan(6); // not 61
    const file = join(dataDir, 'r.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Mehr als 50 Zähler (60)');
    const named = [...text.matchAll(/Zähler (\d+)\b/g)].map((x) => Number(x[1]));
    expect(new Set(named).size).toBe(METERS - 2);
    for (const t of twins) expect(text).toContain(`Wohnung · …${t.metering_point.slice(-8)}`);
  });

  it('the app: progress while it is made, and a cancel that writes nothing', async () => {
    const { dataDir } = customerOf60();
    const secrets = createSecretStore({
      loadKeytar: () => {
        throw new Error('no keychain in this test');
      },
    });
    secrets.useSessionOnly(true);
    const exportDir = join(dataDir, 'exports');
    const services = createServices({
      dataDir,
      shell: 'harness',
      version: '0',
      secrets,
      autoSync: false,
      mqtt: false,
      chooseExportPath: async (name) => (mkdirSync(exportDir, { recursive: true }), join(exportDir, name)),
    });
    open.push(services);
    const h = createHandlers(services);
    const seen: { phase: string; done: number; of: number }[] = [];
    services.on((event, payload) => {
      if (event !== 'report:progress') return;
      seen.push(payload as (typeof seen)[number]);
      if (seen.length === 1) void dispatch(h, 'report:cancel', {});
    });
    const r = (await dispatch(h, 'report:pdf', appRequest())) as {
      ok: boolean;
      error?: { code: string; reason?: string };
    };
    expect(r.ok).toBe(false);
    expect(r.error).toMatchObject({ code: 'cancelled', reason: 'report_cancelled' });
    expect(seen[0]).toEqual({ phase: 'meters', done: 0, of: METERS });
    expect(() => readdirSync(exportDir)).toThrow(); // nothing written, not even the folder
    // The analyses go on, and a report can be made again, whole.
    const again = (await dispatch(h, 'report:pdf', appRequest())) as {
      ok: boolean;
      data?: { pages: number; meters: number };
    };
    expect(again, JSON.stringify(again)).toMatchObject({ ok: true, data: { meters: METERS } });
    expect(seen.at(-1)!.phase).toBe('layout');
  });
});
