// Boots the packaged app's main process in plain Node, against the layout electron-builder produced,
// with a stub `electron` module (no Electron binary exists here), and shows what a real start would
// hit first: the main bundle loads from the archive, the database opens and every migration is applied,
// the sync worker starts from app.asar.unpacked and write the demo profile's
// readings, every contract channel is registered, the window gets a preload and a page that exist.
//
//   node scripts/boot-packaged.mjs <resources dir of an unpacked build>   (check-package.mjs runs it)
//
// Node cannot read an asar archive, so the archive is extracted into a folder named app.asar, and
// app.asar.unpacked is copied beside it. The worker bundles are removed from the extracted archive
// (in the archive they are entries that point to app.asar.unpacked): a worker loaded from the wrong
// place fails here as it would in Electron.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const asar = require('@electron/asar');
const Database = require('better-sqlite3');

const STUB = `// A stand-in for the electron module, for booting the main process in Node (boot-packaged.mjs).
const { EventEmitter } = require('node:events');
const { writeFileSync } = require('node:fs');
const os = require('node:os');
const report = { channels: [], windows: [] };
const save = () => writeFileSync(process.env.METERDESK_BOOT_REPORT, JSON.stringify(report));
const paths = { userData: os.tmpdir(), documents: os.tmpdir(), temp: os.tmpdir(), home: os.homedir() };
const app = Object.assign(new EventEmitter(), {
  whenReady: () => Promise.resolve(),
  isReady: () => true,
  getPath: (name) => paths[name] ?? os.tmpdir(),
  setPath: (name, p) => { paths[name] = p; },
  getVersion: () => '0.0.0-boot',
  getName: () => 'Meterdesk',
  getLocale: () => 'de-AT',
  getAppPath: () => __dirname,
  isPackaged: true,
  requestSingleInstanceLock: () => true,
  quit: () => process.exit(0),
});
const ipcMain = {
  handle(channel) { report.channels.push(channel); save(); },
  removeHandler() {},
};
const webContents = () => Object.assign(new EventEmitter(), {
  mainFrame: { url: '' }, send() {}, setWindowOpenHandler() {}, isDestroyed: () => false,
});
class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.webContents = webContents();
    report.windows.push({ preload: options.webPreferences?.preload ?? null, webPreferences: options.webPreferences, url: null });
    save();
  }
  loadURL(url) { report.windows.at(-1).url = url; save(); return Promise.resolve(); }
  isDestroyed() { return false; }
  isMinimized() { return false; }
  restore() {} focus() {} show() {}
}
const session = {
  defaultSession: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {}, webRequest: { onHeadersReceived() {} } },
};
const Menu = { buildFromTemplate: (t) => t, setApplicationMenu() {} };
const dialog = { showSaveDialog: async () => ({ canceled: true }) };
const shell = { openExternal: async () => undefined };
const contextBridge = {};
const ipcRenderer = {};
module.exports = { app, ipcMain, BrowserWindow, session, Menu, dialog, shell, contextBridge, ipcRenderer };
`;

export async function bootPackaged(resourcesDir, { timeoutMs = 120_000 } = {}) {
  const problems = [];
  let reportOk = false;
  const check = (ok, message) => {
    if (!ok) problems.push(message);
  };
  const layout = mkdtempSync(join(tmpdir(), 'meterdesk-boot-'));
  const res = join(layout, 'resources');
  const appDir = join(res, 'app.asar');
  asar.extractAll(join(resourcesDir, 'app.asar'), appDir);
  cpSync(join(resourcesDir, 'app.asar.unpacked'), join(res, 'app.asar.unpacked'), { recursive: true });
  const all = readdirSync(join(appDir, 'dist/main'));
  const workers = all.filter((f) => f.endsWith('-worker.js'));
  check(workers.length === 3, `expected 3 worker bundles, found ${workers.join(', ')}`);
  // …and the chunks they load on demand (the report's layout, xlsx): unpacked beside them.
  const chunks = all.filter((f) => f.startsWith('worker-') && f.endsWith('.js'));
  check(chunks.length > 0, "expected the workers' chunks (worker-*.js)");
  for (const w of [...workers, ...chunks]) {
    check(existsSync(join(res, 'app.asar.unpacked/dist/main', w)), `${w} is not unpacked`);
    rmSync(join(appDir, 'dist/main', w));
  }
  check(existsSync(join(res, 'app.asar.unpacked/dist/main/migrations')), 'the migrations are not unpacked');
  check(
    existsSync(join(res, 'app.asar.unpacked/dist/main/slp/selp_series.csv')),
    'the standard load profiles are not unpacked',
  );
  mkdirSync(join(appDir, 'node_modules/electron'), { recursive: true });
  writeFileSync(join(appDir, 'node_modules/electron/package.json'), '{"name":"electron","main":"index.js"}');
  writeFileSync(join(appDir, 'node_modules/electron/index.js'), STUB);

  const userData = join(layout, 'user-data');
  const reportPath = join(layout, 'report.json');
  const child = spawn(process.execPath, [join(appDir, 'dist/main/index.js')], {
    env: { ...process.env, METERDESK_USER_DATA: userData, METERDESK_BOOT_REPORT: reportPath },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  let exited = null;
  child.on('exit', (code, signal) => (exited = `exit code ${code}, signal ${signal}`));

  const dbPath = join(userData, 'profiles/demo/meterdesk.sqlite');
  const migrations = readdirSync(join(appDir, 'dist/main/migrations')).filter((f) =>
    f.endsWith('.sql'),
  ).length;
  let seen = { version: 0, readings: 0, meters: 0 };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && exited === null) {
    await new Promise((r) => setTimeout(r, 250));
    if (!existsSync(dbPath)) continue;
    try {
      const db = new Database(dbPath, { readonly: true, fileMustExist: true });
      seen = {
        version: db.pragma('user_version', { simple: true }),
        readings: db.prepare('SELECT count(*) AS n FROM readings').get().n,
        meters: db.prepare('SELECT count(*) AS n FROM meters').get().n,
      };
      db.close();
    } catch {
      continue; // the schema is still being created
    }
    if (seen.readings > 0) break;
  }
  child.kill('SIGKILL');
  const report = existsSync(reportPath)
    ? JSON.parse(readFileSync(reportPath, 'utf8'))
    : { channels: [], windows: [] };

  check(exited === null, `the main process ended: ${exited}\n${output.slice(-2000)}`);
  check(
    seen.version === migrations,
    `database at version ${seen.version}, expected ${migrations} (every migration)`,
  );
  check(seen.meters > 0, 'the demo profile has no meters: the first sync did not run');
  check(
    seen.readings > 0,
    `no readings within ${timeoutMs / 1000} s: the sync worker did not start\n${output.slice(-2000)}`,
  );
  const expected = JSON.parse(
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./preload/contract.ts').then((m) => console.log(JSON.stringify(m.channelNames)))",
      ],
      {
        encoding: 'utf8',
      },
    ).stdout,
  );
  check(
    JSON.stringify([...report.channels].sort()) === JSON.stringify([...expected].sort()),
    `registered channels differ from the contract: missing ${expected.filter((c) => !report.channels.includes(c)).join(', ') || 'none'}, extra ${report.channels.filter((c) => !expected.includes(c)).join(', ') || 'none'}`,
  );
  // The packaged CLI writes a customer report from the synced profile: the PDF modules (react,
  // @react-pdf/renderer) are in the package, not only in the development tree.
  if (seen.readings > 0) {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    const last = db
      .prepare(
        'SELECT s.meter_id AS id, max(d.day_start_sec) AS t FROM reading_days d JOIN series s ON s.id = d.series_id GROUP BY s.meter_id ORDER BY t DESC LIMIT 1',
      )
      .get();
    db.close();
    const pdf = join(layout, 'report.pdf');
    const r = spawnSync(
      process.execPath,
      [
        join(appDir, 'dist/main/cli.js'),
        '--data-dir',
        userData,
        '--profile',
        'demo',
        'report',
        '--meter',
        last.id,
        '--from',
        new Date((last.t - 6 * 86_400) * 1000).toISOString(),
        '--to',
        new Date(last.t * 1000).toISOString(),
        '--out',
        pdf,
        '--json',
      ],
      { encoding: 'utf8' },
    );
    check(
      r.status === 0 && existsSync(pdf) && readFileSync(pdf).subarray(0, 5).toString() === '%PDF-',
      `the packaged CLI wrote no report: ${r.stderr || r.stdout}`,
    );
    reportOk = r.status === 0;
    // The app renders a report in its query thread, the worker bundle in app.asar.unpacked, which
    // carries the PDF modules and their fonts inside (it once lacked pdfkit's Helvetica there).
    const threadScript = join(layout, 'thread-report.mjs');
    writeFileSync(
      threadScript,
      `import { Worker } from 'node:worker_threads';
const w = new Worker(${JSON.stringify(join(res, 'app.asar.unpacked/dist/main/query-worker.js'))}, { workerData: { dbPath: ${JSON.stringify(dbPath)} } });
w.on('error', (e) => { console.error(e.message); process.exit(1); });
w.on('message', (m) => {
  if ('event' in m) return; // progress (threads/rpc.ts): the answer comes after
  if (m.error) { console.error(m.error.message); process.exit(1); }
  process.stdout.write(Buffer.from(m.response.pdf).subarray(0, 5).toString() + ' ' + m.response.pages);
  process.exit(0);
});
w.postMessage({ seq: 1, name: 'report', args: [{ scope: { kind: 'meter', id: ${JSON.stringify(last.id)} }, fromSec: ${last.t - 6 * 86_400}, toSec: ${last.t}, periodLabel: 'boot', lang: 'de', sections: ['master', 'energy'] }, ${last.t}, 'Europe/Vienna', null] });`,
    );
    const viaThread = spawnSync(process.execPath, [threadScript], {
      encoding: 'utf8',
      cwd: layout,
      timeout: 60_000,
    });
    check(
      viaThread.status === 0 && viaThread.stdout.startsWith('%PDF-'),
      `the packaged query thread wrote no report: ${viaThread.stderr || viaThread.stdout}`,
    );
    reportOk = reportOk && viaThread.status === 0;
  }
  const win = report.windows[0];
  check(!!win, 'no window was created');
  if (win) {
    check(existsSync(win.preload), `the window's preload does not exist: ${win.preload}`);
    check(
      win.webPreferences?.contextIsolation === true && win.webPreferences?.sandbox === true,
      'the window is not isolated and sandboxed',
    );
    const page = win.url?.startsWith('file:') ? fileURLToPath(win.url) : null;
    check(page !== null && existsSync(page), `the window's page does not exist: ${win.url}`);
  }
  rmSync(layout, { recursive: true, force: true });
  return { problems, seen, channels: report.channels.length, migrations, reportOk };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: node scripts/boot-packaged.mjs <resources dir of an unpacked build>');
    process.exit(1);
  }
  const r = await bootPackaged(dir);
  if (r.problems.length > 0) {
    console.error('Boot of the packaged layout FAILED:\n- ' + r.problems.join('\n- '));
    process.exit(1);
  }
  console.log(
    `Packaged layout booted: ${r.migrations} migrations, ${r.channels} channels, ${r.seen.readings} readings synced by the worker.`,
  );
}
