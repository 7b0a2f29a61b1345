// npm test: every quality gate in order, then one plain `N passed, N failed` line. Typecheck, lint and
// format count as one check each; vitest and Playwright count their tests.
// npm run check (`--fast`): the gate before a commit (2 min 45 s on two cores): types, lint, format and the
// unit tests (test/unit), without the build, the integration and end-to-end suites, packaging and
// benchmarks.
// On Linux without a D-Bus session it re-runs itself inside one with an unlocked gnome-keyring, so
// the keychain tests use a real OS keychain (see TOOLCHAIN.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

if (
  process.platform === 'linux' &&
  !process.env.METERDESK_TEST_SESSION &&
  has('dbus-run-session') &&
  has('gnome-keyring-daemon')
) {
  const home = mkdtempSync(join(tmpdir(), 'meterdesk-keyring-'));
  const env = {
    ...process.env,
    METERDESK_TEST_SESSION: '1',
    XDG_DATA_HOME: join(home, 'data'),
    XDG_RUNTIME_DIR: home,
  };
  mkdirSync(env.XDG_DATA_HOME, { recursive: true });
  const inner = `echo -n meterdesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec node scripts/test.mjs ${process.argv.slice(2).join(' ')}`;
  const r = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], { stdio: 'inherit', env });
  rmSync(home, { recursive: true, force: true });
  process.exit(r.status ?? 1);
}

// Native modules may have been rebuilt for Electron (npm start / dist): switch them back for Node.
const { ensureNodeAbi } = await import('./native-abi.mjs');
ensureNodeAbi();

const fast = process.argv.includes('--fast');
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** Every failed test by name, repeated at the end so that the last lines of a run say what failed. */
const failedTests = [];
/** How long each step took, printed at the end (CI must stay under 15 minutes). */
const timings = [];
mkdirSync('.tmp', { recursive: true });

const started = (at) => Math.round((Date.now() - at) / 1000);
// The CLI's messages follow the system's language (main/cli/cli-words.ts); the suites assert its
// English unless a test asks for German itself, whatever the machine's LANG.
const envOf = (env) => ({ ...process.env, METERDESK_LANG: 'en', ...env });

function run(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const at = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: envOf(env) });
  timings.push(`${name} ${started(at)} s`);
  console.log(`◀ ${name}: ${started(at)} s`);
  return r.status === 0;
}

/**
 * Steps that each use one core, run side by side (the CI machine has two; one after another they
 * left a core idle for ~2 minutes). Each one's output is printed whole when it ends, in the order given.
 */
async function runTogether(steps) {
  const at = Date.now();
  const done = steps.map(
    ({ name, cmd, args, env = {} }) =>
      new Promise((resolve) => {
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: envOf(env) });
        const out = [];
        child.stdout.on('data', (c) => out.push(c));
        child.stderr.on('data', (c) => out.push(c));
        child.on('error', (err) => out.push(Buffer.from(`${err.message}\n`)));
        child.on('close', (code) => resolve({ name, cmd, args, ok: code === 0, out, seconds: started(at) }));
      }),
  );
  const results = [];
  for (const p of done) {
    const r = await p;
    console.log(`\n▶ ${r.name}: ${r.cmd} ${r.args.join(' ')}`);
    process.stdout.write(Buffer.concat(r.out));
    console.log(`◀ ${r.name}: ${r.seconds} s`);
    timings.push(`${r.name} ${r.seconds} s`);
    results.push(r);
  }
  return results;
}
function count(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}
const npx = (bin, ...args) => ['npx', [bin, ...args]];

const step = (name, [cmd, args], env) => ({ name, cmd, args, env });
for (const r of await runTogether([
  step('typecheck', ['npm', ['run', '--silent', 'typecheck']]),
  step('lint', npx('eslint', '.', '--max-warnings', '0')),
  step('format', npx('prettier', '--check', '.')),
]))
  count(r.name, r.ok);
// The suites and the benchmarks below use this build (METERDESK_BUILT): a second build while the
// packaging check reads dist/ could hand it half-written files.
const built = !fast && run('build', 'npm', ['run', '--silent', 'build']);
if (!fast && !built) {
  failed += 1;
  failures.push('build');
}
if (built) process.env.METERDESK_BUILT = '1';

// vitest: count tests from its JSON report.
const vitestJson = '.tmp/vitest.json';
rmSync(vitestJson, { force: true });
run(
  'vitest',
  ...npx(
    'vitest',
    'run',
    ...(fast ? ['test/unit'] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ),
);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // Each failed test by name; a file that failed outside its tests (an import, a hook) counts once.
  const names = [];
  for (const f of r.testResults ?? []) {
    const file = f.name.slice(process.cwd().length + 1);
    const bad = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of bad)
      names.push(
        `${file} › ${t.fullName}: ${String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 200)}`,
      );
    if (f.status === 'failed' && bad.length === 0)
      names.push(
        `${file} (the file itself: ${String(f.message ?? '')
          .split('\n')[0]
          .slice(0, 200)})`,
      );
  }
  failed += names.length;
  failedTests.push(...names);
  if (names.length > 0) failures.push('vitest');
} else {
  failed += 1;
  failures.push('vitest (no report)');
}

// Playwright suites: the harness e2e in Chromium, and the real-Electron suite (skips visibly without a binary).
for (const [name, config] of fast
  ? []
  : [
      ['e2e (harness, Chromium)', 'playwright.config.ts'],
      ['e2e (Electron)', 'playwright.electron.config.ts'],
    ]) {
  const out = `.tmp/pw-${config}.json`;
  rmSync(out, { force: true });
  run(name, ...npx('playwright', 'test', '-c', config), { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (!existsSync(out)) {
    failed += 1;
    failures.push(`${name} (no report)`);
    continue;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const s = report.stats;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') failedTests.push(`${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
  if (s.unexpected > 0) failures.push(name);
}

// The packaging check. The benchmarks are not part of the suite: they never fail on a target, and
// their quick mode took 3 of the CI run's 28 minutes (CI must stay under 15); `npm run bench -- --quick`
// runs each of them (docs/performance.md).
if (!fast)
  count(
    'packaging check',
    run('packaging check (electron-builder --dir with a stub Electron)', 'node', [
      'scripts/check-package.mjs',
    ]),
  );

console.log(`\nSteps: ${timings.join(' · ')}`);
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const name of failedTests) console.log(`  ✗ ${name}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
