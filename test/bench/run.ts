/**
 * `npm run bench [-- --quick] [-- --only id,id]`: the waits a person has in Meterdesk, measured through
 * what the app calls — the handlers (main/handlers.ts, through main/dispatch.ts as IPC does), the built
 * harness in Chromium from input to pixels, the built CLI — at 200 and at 1 000 meters × 3 years (full
 * mode; quick mode: 20 meters × 1 year, for a check that every benchmark runs). Raw SQLite and
 * decimated Chart.js figures stay as context beside some of them. Benchmarks never fail on a target;
 * they exit non-zero only if a benchmark could not run.
 *
 * Writes test/bench/results/latest.json (full mode) and prints a table.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright';
import { dispatch } from '../../main/dispatch';
import { createHandlers } from '../../main/handlers';
import { createServices } from '../../main/services';
import { createSecretStore } from '../../main/secrets/keychain';
import { openDatabase } from '../../main/db/open';
import { dayNumberOf, dayStartSec } from '../../main/time/local-days';
import { buildHarness } from '../harness/build';
import { spawnDemoService, spawnHarness } from '../harness/spawn';
import { buildProfile, wienerNetzeYear, type BuiltProfile } from './profile-builder';
import { commitOf, writeLatest } from './performance-md';
import { teamFirstSync } from './team-sync';
import { teamAtScale } from './team-scale';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]!.split(',') : null;
const CLOCK = '2026-11-20T12:00:00Z';
const NOW_SEC = Date.parse(CLOCK) / 1000;
/** The window's next click while a long request runs: one day of m1's chart. */
const DAY_CHART = {
  meterId: 'm1',
  obisCode: '1-1:1.9.0 G.01',
  fromSec: NOW_SEC - 86_400,
  toSec: NOW_SEC,
  maxPoints: 2000,
};
const work = mkdtempSync(join(tmpdir(), 'meterdesk-bench-'));
const SIZES = quick
  ? [{ meters: 20, years: 1 }]
  : [
      { meters: 200, years: 3 },
      { meters: 1000, years: 3 },
    ];

export interface Figure {
  id: string;
  what: string;
  value: number;
  unit: string;
  reference: string | null;
  referenceValue: number | null;
  ratio: number | null;
  target: string;
  met: boolean;
  notes?: string;
}

const figures: Figure[] = [];
const failures: string[] = [];
const want = (id: string) => !only || only.some((o) => id.startsWith(o));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const ms = (x: number) => Math.round(x);

async function bench(id: string, fn: () => Promise<Figure | Figure[]>) {
  if (!want(id)) return;
  process.stderr.write(`… ${id}\n`);
  try {
    const f = await fn();
    figures.push(...(Array.isArray(f) ? f : [f]));
  } catch (err) {
    failures.push(`${id}: ${(err as Error).stack ?? (err as Error).message}`);
  }
}

function wait(id: string, what: string, times: number[], target: number, notes?: string): Figure {
  const v = median(times);
  return {
    id,
    what,
    value: ms(v),
    unit: 'ms',
    reference: null,
    referenceValue: null,
    ratio: null,
    target: `< ${target.toLocaleString('en')} ms`,
    met: v < target,
    notes: notes ?? `runs: ${times.map(ms).join(', ')} ms`,
  };
}

// The app as built (renderer, main bundle and workers, CLI), and the harness bundled as the app is.
// Under `npm test`, which has just built the same sources (METERDESK_BUILT), the build is not repeated:
// the packaging check reads dist/ meanwhile.
if (process.env.METERDESK_BUILT !== '1') {
  process.stderr.write('… building the app (npm run build) and the harness bundle\n');
  if (spawnSync('npm', ['run', '-s', 'build'], { stdio: ['ignore', 'inherit', 'inherit'] }).status !== 0)
    throw new Error('npm run build failed: the benchmarks need the built app');
}
const benchDir = 'dist/bench';
await buildHarness(benchDir, { 'app-sync': 'test/bench/app-sync.ts' });

/** The core as the app runs it, on a data folder: services, handlers, and calls as IPC makes them. */
function app(dataDir: string) {
  const exportDir = join(dataDir, 'exports');
  mkdirSync(exportDir, { recursive: true });
  const services = createServices({
    dataDir,
    shell: 'harness',
    version: '0.0.0',
    autoSync: false,
    secrets: createSecretStore(),
    chooseExportPath: async (name) => join(exportDir, name),
  });
  const handlers = createHandlers(services);
  const call = async (channel: string, input: unknown): Promise<unknown> => {
    const r = (await dispatch(handlers, channel as never, input)) as {
      ok: boolean;
      data?: unknown;
      error?: unknown;
    };
    if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`);
    return r.data;
  };
  const timed = async (channel: string, input: unknown) => {
    const t0 = performance.now();
    const data = await call(channel, input);
    return { ms: performance.now() - t0, data };
  };
  return { services, call, timed };
}

/** Input to pixels in the harness page: an action, then the chart drawn with a new series. */
async function chartInteraction(
  page: Page,
  action: { click: string } | { meter: number } | { register: true },
): Promise<number> {
  return page.evaluate(`(async (a) => {
    const host = () => document.querySelector('[data-testid=chart][data-drawn]');
    const before = host() ? host().getAttribute('data-series') : null;
    const t0 = performance.now();
    if (a.click) document.querySelector(a.click).click();
    else if (a.meter !== undefined) document.querySelectorAll('[data-testid=meter-item]')[a.meter].click();
    else {
      const sel = document.querySelector('[data-testid=register-picker]');
      const other = [...sel.options].find((o) => o.value !== sel.value);
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(sel, other.value);
      sel.dispatchEvent(new Event('change', { bubbles: true }));
    }
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the chart did not draw within 30 s')), 30000);
      const done = () => {
        const h = host();
        if (h && h.getAttribute('data-series') !== before && Number(h.getAttribute('data-drawn')) > t0) {
          clearTimeout(timer);
          observer.disconnect();
          resolve();
          return true;
        }
        return false;
      };
      const observer = new MutationObserver(done);
      observer.observe(document.body, { attributes: true, subtree: true, childList: true });
      done();
    });
    document.querySelector('[data-testid=chart] canvas').getContext('2d').getImageData(0, 0, 1, 1);
    return performance.now() - t0;
  })(${JSON.stringify(action)})`);
}

/** Input to pixels: the portfolio opened until its first rows have painted, then closed again. */
async function portfolioOpen(page: Page): Promise<number> {
  const ms = await page.evaluate(`(async () => {
    const t0 = performance.now();
    document.querySelector('[data-testid=open-portfolio]').click();
    const rows = () => document.querySelectorAll('[data-testid=portfolio-table] tbody tr[data-group]').length;
    for (let i = 0; i < 60000 && rows() === 0; i++) await new Promise((r) => setTimeout(r, 1));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - t0;
  })()`);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid=portfolio-table]'));
  return ms as number;
}

/** Input to pixels: the search field set to `text`, until the list shows `expect` meters and has painted. */
function searchInteraction(page: Page, text: string, expect: string): Promise<number> {
  return page.evaluate(`(async ([text, expect]) => {
    const input = document.querySelector('[data-testid=meter-search]');
    const count = () => document.querySelector('[data-testid=meter-count]').textContent;
    const t0 = performance.now();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // "!N": until the count is no longer N; "N": until it is N.
    const n = () => count().replace(/\\D/g, '');
    const done = () => (expect.startsWith('!') ? n() !== expect.slice(1) : n() === expect);
    for (let i = 0; i < 3000 && !done(); i++) await new Promise((r) => setTimeout(r, 1));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - t0;
  })(${JSON.stringify([text, expect])})`);
}

for (const { meters, years } of SIZES) {
  const scale = `${meters} meters × ${years} years`;
  const tag = `@${meters}`;
  const dataDir = mkdtempSync(join(work, `p${meters}-`));
  const ids = ['bytes-per-reading', 'portfolio', 'heavy', 'export', 'stats', 'ui', 'import-year'].map(
    (x) => x + tag,
  );
  if (!ids.some(want)) continue;
  process.stderr.write(`… building the profile of ${scale}\n`);
  const profile: BuiltProfile = buildProfile(dataDir, meters, years, NOW_SEC);
  await bench(`bytes-per-reading${tag}`, async () => ({
    id: `bytes-per-reading${tag}`,
    what: `profile database of ${scale} (${profile.readings.toLocaleString('en')} readings, every 10th meter with feed-in): file size ÷ readings`,
    value: Math.round((profile.bytes / profile.readings) * 10) / 10,
    unit: 'B',
    reference: null,
    referenceValue: null,
    ratio: null,
    target: '≤ 30 B',
    met: profile.bytes / profile.readings <= 30,
    notes: `${(profile.bytes / 1e6).toFixed(0)} MB; written through the readings store in ${profile.seconds.toFixed(0)} s (${((profile.seconds * 1e6) / profile.readings).toFixed(2)} µs a reading)`,
  }));
  const readingsText = `${profile.readings.toLocaleString('en')} readings`;

  // Through the handlers, in this process (modules loaded; the file cold for the first call).
  await bench(`portfolio${tag}`, async () => {
    const a = app(dataDir);
    try {
      const times: number[] = [];
      const meanwhile: number[] = [];
      for (let i = 0; i < 4; i++) {
        const running = a.timed('analysis:portfolio', { customerId: null });
        // Another request while it runs: the window's next click must not wait for it.
        const other = await a.timed('readings:series', DAY_CHART);
        meanwhile.push(other.ms);
        const r = await running;
        times.push(r.ms);
        if ((r.data as { rows: unknown[] }).rows.length !== meters)
          throw new Error('portfolio: rows missing');
      }
      return [
        wait(
          `portfolio${tag}`,
          `analysis:portfolio (handler, query thread), all ${meters} meters, ${readingsText}`,
          times.slice(1),
          500,
          `first (thread start, file cold) ${ms(times[0]!)} ms; then ${times.slice(1).map(ms).join(', ')} ms`,
        ),
        wait(
          `portfolio-meanwhile${tag}`,
          `a chart request (readings:series, one day) made while the portfolio runs: its answer`,
          meanwhile,
          100,
        ),
      ];
    } finally {
      await a.services.close();
    }
  });

  // Every handler that can take more than a frame runs in the query thread: the window's next request
  // is answered meanwhile. Each runs twice; the chart request is made while it runs.
  await bench(`heavy${tag}`, async () => {
    const a = app(dataDir);
    try {
      const year = { fromSec: NOW_SEC - 365 * 86_400, toSec: NOW_SEC };
      // The shipped presets (a new profile holds no tariff): grid fees, supplier and feed-in examples.
      const presets = (await a.call('tariffs:presets', {})) as {
        tariff: { id: string; direction: string; commodity?: string; energy: { type: string } };
      }[];
      const tariffs = presets.map((p) => p.tariff).filter((t) => t.energy.type !== 'spot');
      for (const t of tariffs) await a.call('tariffs:save', { tariff: t });
      const elec = tariffs.filter((t) => (t.commodity ?? 'electricity') === 'electricity');
      const cons = elec.filter((t) => t.direction === 'consumption');
      const feed = elec.find((t) => t.direction === 'feed_in') ?? null;
      if (cons.length === 0) throw new Error('no example consumption tariff in a new profile');
      // Issue 46: a real community's size — 200 members × a year < 2 s, 1 000 members < 10 s.
      const members = Math.min(1000, meters);
      await a.call('community:save', {
        community: {
          id: 'bench',
          name: 'Benchmark-EEG',
          kind: 'local',
          allocation: 'dynamic',
          members: [
            ...Array.from({ length: members }, (_, i) => ({ meterId: `m${i}`, role: 'consumer' })),
            ...Array.from({ length: Math.ceil(members / 10) }, (_, i) => ({
              meterId: `m${i * 10}`,
              role: 'producer',
            })),
          ],
        },
      });
      const prices = Array.from({ length: 365 * 96 }, (_, i) => {
        const t = new Date((NOW_SEC - 365 * 86_400 + i * 900) * 1000).toISOString().replace('.000Z', 'Z');
        return `${t};${(80 + 40 * Math.sin(i / 30)).toFixed(2)}`;
      });
      const priceFile = Buffer.from(`timestamp;price\n${prices.join('\n')}\n`).toString('base64');
      const cases: [string, string, string, unknown][] = [
        [
          'cost',
          `analysis:cost of one meter, a year, ${Math.min(cons.length, 5)} tariffs`,
          'analysis:cost',
          {
            meterId: 'm1',
            obisCode: '1-1:1.9.0 G.01',
            ...year,
            tariffIds: cons.slice(0, 5).map((t) => t.id),
          },
        ],
        [
          'bill',
          'analysis:bill: a bill of a year of one meter, by its lines and parts, against a tariff',
          'analysis:bill',
          {
            meterId: 'm1',
            obisCode: '1-1:1.9.0 G.01',
            ...year,
            tariffId: cons[0]!.id,
            bill: {
              kwh: 3500,
              energyEur: 700,
              gridEur: 250,
              leviesEur: 60,
              vatEur: 200,
              totalEur: 1210,
              parts: [
                { key: 'usage', eur: 180 },
                { key: 'metering', eur: 29.2 },
                { key: 'electricityTax', eur: 5.25 },
              ],
            },
          },
        ],
        [
          'battery',
          'analysis:battery of a site with import and export, a year (size sweep)',
          'analysis:battery',
          {
            siteId: 's0',
            ...year,
            capacityKwh: 10,
            powerKw: 5,
            consumptionTariffId: cons[0]!.id,
            feedInTariffId: feed?.id ?? null,
          },
        ],
        [
          'peak-shaving',
          'analysis:peakShaving of one meter, a year',
          'analysis:peakShaving',
          { meterId: 'm1', obisCode: '1-1:1.9.0 G.01', ...year, capKw: 2, battery: null },
        ],
        [
          'community-view',
          `community:view of ${members} consumers and ${Math.ceil(members / 10)} producers, a year`,
          'community:view',
          { communityId: 'bench', ...year },
        ],
        [
          'community-whatif',
          `community:whatIf of the same community with a battery, a year`,
          'community:whatIf',
          { communityId: 'bench', ...year, battery: { capacityKwh: 100, powerKw: 50 } },
        ],
        [
          'analysis-csv',
          'analysis:exportCsv of the carpet of one meter, a year',
          'analysis:exportCsv',
          {
            kind: 'carpet',
            params: { meterId: 'm1', obisCode: '1-1:1.9.0 G.01', ...year },
            profile: 'excel-at',
          },
        ],
        [
          'price-import',
          'prices:import of a year of quarter-hour prices (CSV, 35 040 rows)',
          'prices:import',
          { name: 'Bench', fileName: 'bench.csv', dataBase64: priceFile },
        ],
        [
          'watch',
          'watch:list: every rule over every meter (two years of rollups each) and the findings recorded',
          'watch:list',
          {},
        ],
      ];
      const out: Figure[] = [];
      for (const [id, what, channel, input] of cases) {
        const times: number[] = [];
        const meanwhile: number[] = [];
        for (let i = 0; i < 2; i++) {
          const running = a.timed(channel, input);
          const other = await a.timed('readings:series', DAY_CHART);
          meanwhile.push(other.ms);
          times.push((await running).ms);
        }
        const target = id.startsWith('community')
          ? members <= 200
            ? 2000
            : 10_000
          : id === 'watch'
            ? 1000
            : 5000;
        out.push(
          wait(`${id}${tag}`, `${what}, ${scale}`, times, target),
          wait(
            `${id}-meanwhile${tag}`,
            `a chart request (readings:series, one day) made while ${channel} runs: its answer`,
            meanwhile,
            50,
          ),
        );
      }
      return out;
    } finally {
      await a.services.close();
    }
  });

  await bench(`export${tag}`, async () => {
    const a = app(dataDir);
    try {
      const from = dayStartSec(dayNumberOf(NOW_SEC) - Math.round(years * 365));
      const one: number[] = [];
      for (let i = 0; i < 2; i++)
        one.push(
          (
            await a.timed('export:csv', {
              meterIds: [`m${i + 1}`],
              obisCodes: ['1-1:1.9.0 G.01'],
              fromSec: from,
              toSec: NOW_SEC,
              profile: 'excel-at',
            })
          ).ms,
        );
      const twenty = await a.timed('export:csv', {
        meterIds: Array.from({ length: Math.min(20, meters) }, (_, i) => `m${i}`),
        obisCodes: ['1-1:1.9.0 G.01'],
        fromSec: from,
        toSec: NOW_SEC,
        profile: 'excel-at',
      });
      const rows = (twenty.data as { rows: number }).rows;
      return [
        wait(`export-meter${tag}`, `export:csv of one meter's ${years} years (Excel de-AT)`, one, 2000),
        wait(
          `export-20${tag}`,
          `export:csv of ${Math.min(20, meters)} meters × ${years} years, ${rows.toLocaleString('en')} rows (progress shown)`,
          [twenty.ms],
          2000,
        ),
      ];
    } finally {
      await a.services.close();
    }
  });

  await bench(`stats${tag}`, async () => {
    // The built CLI on the profile's file (stats reads DIR/meterdesk.sqlite).
    const cliDir = mkdtempSync(join(work, 'cli-'));
    symlinkSync(profile.dbPath, join(cliDir, 'meterdesk.sqlite'));
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, ['dist/main/cli.js', '--data-dir', cliDir, 'stats', '--json']);
      if (r.status !== 0) throw new Error(`stats: ${r.stderr}`);
      times.push(performance.now() - t0);
    }
    return wait(`stats${tag}`, `meterdesk stats --json (built CLI, a new process each)`, times, 1000);
  });

  await bench(`ui${tag}`, async () => {
    const { chromium } = await import('playwright');
    const { chromiumArgs, chromiumPath } = await import('../chromium');
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const start: number[] = [];
    const portfolioCold: number[] = [];
    const open: number[] = [];
    const zoomAll: number[] = [];
    const zoomDay: number[] = [];
    const register: number[] = [];
    const type: number[] = [];
    const clear: number[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const h = await spawnHarness([], { dataDir, entry: join(benchDir, 'harness.mjs') });
        try {
          const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
          await page.goto(h.url);
          await page.waitForFunction(
            (n) =>
              document.body.dataset.ready === 'true' &&
              (document.querySelector('[data-testid=meter-count]')?.textContent ?? '').replace(/\D/g, '') ===
                String(n),
            meters,
            { timeout: 120_000 },
          );
          start.push(performance.now() - t0);
          // The portfolio's first open in this process (issue 59): a click until its rows have painted,
          // the query thread starting for it (the built bundle, as the app runs it).
          portfolioCold.push(await portfolioOpen(page));
          open.push(await chartInteraction(page, { meter: i + 2 }));
          zoomAll.push(await chartInteraction(page, { click: '[data-testid=range-all]' }));
          zoomDay.push(await chartInteraction(page, { click: '[data-testid=range-day]' }));
          await chartInteraction(page, { meter: 0 }); // m0 has two registers
          register.push(await chartInteraction(page, { register: true }));
          type.push(await searchInteraction(page, `Zähler ${i + 7}`, `!${meters}`));
          clear.push(await searchInteraction(page, '', String(meters)));
          await page.close();
        } finally {
          h.process.kill('SIGTERM');
          await once(h.process, 'exit');
        }
      }
    } finally {
      await browser.close();
    }
    const where = `${scale}, built harness in Chromium, input to pixels`;
    return [
      wait(
        `start${tag}`,
        `start: harness process started to an interactive meter list, ${scale}`,
        start,
        1500,
        `three starts: ${start.map(ms).join(', ')} ms (Node's start included; Electron's own start is not)`,
      ),
      wait(
        `portfolio-cold${tag}`,
        `the portfolio's first open after start (the query thread starting): a click until its rows have painted, ${where}`,
        portfolioCold,
        1000,
      ),
      wait(`open-meter${tag}`, `open a meter (its chart drawn), ${where}`, open, 100),
      wait(`zoom-all${tag}`, `zoom to all ${years} years, ${where}`, zoomAll, 100),
      wait(`zoom-day${tag}`, `zoom to a day, ${where}`, zoomDay, 100),
      wait(`register${tag}`, `switch the register, ${where}`, register, 100),
      wait(`search-type${tag}`, `type a search that matches a few meters, ${where}`, type, 100),
      wait(
        `search-clear${tag}`,
        `clear the search (all ${meters} meters listed again), ${where}`,
        clear,
        100,
      ),
    ];
  });
  await bench(`import-year${tag}`, async () => {
    const a = app(dataDir);
    try {
      const times: number[] = [];
      for (let i = 0; i < 2; i++) {
        const file = wienerNetzeYear(2025, `AT0010000000000000001000000${String(900 + i).padStart(6, '0')}`);
        const t0 = performance.now();
        const [view] = (await a.call('import:preview', {
          files: [{ name: `wiener-netze-${i}.csv`, dataBase64: Buffer.from(file).toString('base64') }],
        })) as { fileId: string }[];
        await a.call('import:commit', { fileId: view!.fileId });
        times.push(performance.now() - t0);
      }
      return wait(
        `import-year${tag}`,
        `a year's Wiener Netze portal file (35 040 quarter-hours): import:preview + import:commit`,
        times,
        2000,
      );
    } finally {
      await a.services.close();
    }
  });

  rmSync(dataDir, { recursive: true, force: true });
}

/** µs per reading of JSON.parse alone on a feed page of 10 000 readings shaped as the service sends them. */
function rawParsePerReading(): number {
  const page = JSON.stringify({
    data: Array.from({ length: 10_000 }, (_, i) => ({
      meter_id: 'sm_0000000000000001',
      obis_code: '1-1:1.9.0 G.01',
      timestamp: new Date(Date.UTC(2025, 0, 1) + i * 900_000).toISOString(),
      value: Math.round(((i * 7919) % 1000) + 1) / 1000,
      quality: 1,
      updated_at: new Date(Date.UTC(2025, 0, 2) + i * 900_000).toISOString(),
    })),
    next_cursor: 'c'.repeat(40),
    has_more: true,
  });
  for (let i = 0; i < 5; i++) JSON.parse(page); // warm
  const t0 = performance.now();
  for (let i = 0; i < 30; i++) JSON.parse(page);
  return ((performance.now() - t0) * 1000) / 30 / 10_000;
}

await bench('first-sync', async () => {
  // A new account's first sync as the app runs it (main thread + sync worker, built), from the
  // standalone demo service in its own process: the wait, and the peak memory.
  const metersN = quick ? 5 : 20;
  const yearsN = quick ? 0.5 : 3;
  const d = await spawnDemoService([
    '--meters',
    String(metersN),
    '--years',
    String(yearsN),
    '--rate-limit',
    '1000000',
  ]);
  try {
    const dir = mkdtempSync(join(work, 'sync-'));
    const child = spawn(process.execPath, [join(benchDir, 'app-sync.mjs'), join(dir, 'meterdesk.sqlite')], {
      env: {
        ...process.env,
        METERDESK_BASE_URL: d.info.base_url,
        METERDESK_TEAM: d.info.team,
        METERDESK_TOKEN: d.info.tokens.pro,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let peakKb = 0;
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKb = Math.max(peakKb, Number(m[1]));
      } catch {
        // ended
      }
    }, 50);
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c));
    const t0 = performance.now();
    const [code] = (await once(child, 'exit')) as [number | null];
    const sec = (performance.now() - t0) / 1000;
    clearInterval(poll);
    if (code !== 0) throw new Error(`app-sync exited with ${code}`);
    const summary = JSON.parse(out.trim().split('\n').at(-1)!) as {
      readingsWritten: number;
      cpuUs: number;
      processCpuUs: number;
    };
    // The same account's first sync through the built CLI (`meterdesk sync`, its own process): peak RSS.
    const cliDir = mkdtempSync(join(work, 'cli-sync-'));
    const cli = spawn(
      process.execPath,
      [
        'dist/main/cli.js',
        '--data-dir',
        cliDir,
        'sync',
        '--base-url',
        d.info.base_url,
        '--team',
        d.info.team,
      ],
      { env: { ...process.env, METERDESK_TOKEN: d.info.tokens.pro }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    let cliPeakKb = 0;
    const cliPoll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${cli.pid}/status`, 'utf8'));
        if (m) cliPeakKb = Math.max(cliPeakKb, Number(m[1]));
      } catch {
        // ended
      }
    }, 50);
    const [cliCode] = (await once(cli, 'exit')) as [number | null];
    clearInterval(cliPoll);
    if (cliCode !== 0) throw new Error(`meterdesk sync exited with ${cliCode}`);
    const cpuPerReading = summary.cpuUs / summary.readingsWritten;
    const parsePerReading = rawParsePerReading();
    return [
      {
        id: 'first-sync',
        what: `first sync of an account of ${metersN} meters × ${yearsN} years (${summary.readingsWritten.toLocaleString('en')} readings) from the demo service in its own process, built app path, with progress`,
        value: Math.round(sec * 10) / 10,
        unit: 's',
        reference: null,
        referenceValue: null,
        ratio: null,
        target: 'progress shown',
        met: true,
        notes: `${Math.round(summary.readingsWritten / sec).toLocaleString('en')} readings/s with client and service on ${cpus().length} shared cores`,
      },
      {
        id: 'sync-cpu',
        what: `that sync's CPU time (main thread, sync worker and V8's helper threads, from the worker ready to the sync's end: HTTP, the JSON door, checks, the store) per reading written`,
        value: Math.round(cpuPerReading * 100) / 100,
        unit: 'µs',
        reference: 'JSON.parse alone',
        referenceValue: Math.round(parsePerReading * 100) / 100,
        ratio: Math.round((cpuPerReading / parsePerReading) * 10) / 10,
        target: '≤ 1.7 µs',
        met: cpuPerReading <= 1.7,
        notes: `JSON.parse of a page of 10 000 readings as the service sends them: ${parsePerReading.toFixed(2)} µs a reading; the whole process (Node's start and the profile's open included): ${(summary.processCpuUs / summary.readingsWritten).toFixed(2)} µs a reading`,
      },
      {
        id: 'sync-memory',
        what: `peak RSS of that sync's process (main thread + sync worker)`,
        value: Math.round(peakKb / 1024),
        unit: 'MB',
        reference: null,
        referenceValue: null,
        ratio: null,
        target: '< 300 MB',
        met: peakKb / 1024 < 300,
      },
      {
        id: 'cli-sync-memory',
        what: `peak RSS of the same first sync through the built CLI (meterdesk sync, its own process)`,
        value: Math.round(cliPeakKb / 1024),
        unit: 'MB',
        reference: null,
        referenceValue: null,
        ratio: null,
        target: '< 300 MB',
        met: cliPeakKb / 1024 < 300,
      },
    ];
  } finally {
    await d.stop();
  }
});

await bench('first-sync-pg', () => teamFirstSync(work, quick));

// A team profile at the largest size: its first open (the whole copy) and a Reload after the nightly
// sync (the last copy plus what changed), on a PostgreSQL of this machine.
for (const size of SIZES.slice(-1))
  await bench(`team-reload@${size.meters}`, () =>
    teamAtScale(work, size.meters, size.years, NOW_SEC, async (dataDir) => {
      const a = app(dataDir);
      try {
        const times: number[] = [];
        for (let i = 0; i < 4; i++)
          times.push((await a.timed('analysis:portfolio', { customerId: null })).ms);
        return median(times.slice(1));
      } finally {
        await a.services.close();
      }
    }),
  );

await bench('report', async () => {
  // The customer report (issue 33) through its handler (query thread, then the file): a 50-meter
  // customer (a page each after the summary) and one meter with every chart, for the last whole year.
  const dataDir = mkdtempSync(join(work, 'report-'));
  const built = buildProfile(dataDir, 50, 2, NOW_SEC);
  const db = openDatabase(built.dbPath);
  db.prepare("UPDATE sites SET customer_id = 'c0'").run();
  db.close();
  const a = app(dataDir);
  try {
    const year = new Date(NOW_SEC * 1000).getUTCFullYear() - 1;
    const span = {
      fromSec: Date.parse(`${year}-01-01T00:00:00+01:00`) / 1000,
      toSec: Date.parse(`${year + 1}-01-01T00:00:00+01:00`) / 1000,
    };
    const input = (kind: 'meter' | 'customer', id: string) => ({
      scope: { kind, id },
      ...span,
      periodLabel: String(year),
      lang: 'de',
      sections: ['master', 'energy', 'profile', 'peaks', 'baseload', 'cost', 'measures', 'slp', 'annex'],
      consultant: 'Benchmark',
      logoPngBase64: null,
      conclusions: null,
      areaM2: null,
      persons: null,
    });
    const customer: number[] = [];
    const meter: number[] = [];
    let pages = 0;
    const meanwhile: number[] = [];
    for (let i = 0; i < 3; i++) {
      const running = a.timed('report:pdf', input('customer', 'c0'));
      // The main process answers the window's next request while the report renders (query thread).
      const other = await a.timed('readings:series', DAY_CHART);
      meanwhile.push(other.ms);
      const r = await running;
      pages = (r.data as { pages: number }).pages;
      customer.push(r.ms);
      meter.push((await a.timed('report:pdf', input('meter', 'm1'))).ms);
    }
    return [
      wait(
        'report-customer@50',
        `report:pdf (handler, query thread) of a customer with 50 meters, ${year}: ${pages} pages`,
        customer.slice(1),
        5000,
        `first (thread start) ${ms(customer[0]!)} ms`,
      ),
      wait('report-meter', `report:pdf of one meter, ${year}, every section and chart`, meter.slice(1), 3000),
      wait(
        'report-meanwhile@50',
        'a chart request (readings:series, one day) made while the 50-meter report renders: its answer',
        meanwhile,
        50,
      ),
    ];
  } finally {
    await a.services.close();
  }
});

await bench('chart-render', async () => {
  // Context: the app's chart against bare uPlot and decimated Chart.js, same data, same Chromium.
  const { renderBench } = await import('./chart-render');
  return renderBench(quick);
});

const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: process.platform,
};
const resultsDir = 'test/bench/results';
mkdirSync(resultsDir, { recursive: true });
const latestPath = join(resultsDir, 'latest.json');
// A run of some benchmarks (--only) replaces those figures in the last full run's file, keeps the rest.
const kept =
  only && existsSync(latestPath)
    ? (JSON.parse(readFileSync(latestPath, 'utf8')) as { figures: Figure[] }).figures.filter(
        (f) => !figures.some((g) => g.id === f.id),
      )
    : [];
const result = {
  date: new Date().toISOString(),
  mode: quick ? 'quick' : 'full',
  commit: commitOf(),
  machine,
  figures: [...kept, ...figures],
  failures,
};
if (!quick) {
  writeFileSync(latestPath, JSON.stringify(result, null, 2) + '\n');
  writeLatest(result); // docs/performance.md's "Latest figures", with the commit measured
}
const pad = (s: string, n: number) => (s.length >= n ? s + ' ' : s + ' '.repeat(n - s.length));
console.log(
  `\nMeterdesk benchmarks (${quick ? 'quick' : 'full'} mode) — ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}\n`,
);
console.log(pad('id', 26) + pad('value', 14) + pad('target', 18) + 'met');
for (const f of figures)
  console.log(
    pad(f.id, 26) +
      pad(`${f.value.toLocaleString('en')} ${f.unit}`, 14) +
      pad(f.target, 18) +
      (f.met ? 'yes' : 'NO'),
  );
const noted = figures.filter((f) => f.notes);
if (noted.length) console.log('\n' + noted.map((f) => `${f.id}: ${f.notes}`).join('\n'));
for (const f of failures) console.log(`could not run: ${f}`);
console.log(`\n${quick ? 'quick mode: figures not saved' : `written: ${join(resultsDir, 'latest.json')}`}`);
if (existsSync(work)) rmSync(work, { recursive: true, force: true });
process.exit(failures.length ? 1 : 0);
