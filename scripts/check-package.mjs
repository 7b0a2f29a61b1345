// Packaging check that runs without the internet: electron-builder --dir against a stub Electron
// (TOOLCHAIN.md), then asserts what the packaged app.asar holds and what it must not hold, and boots
// the packaged main process in Node against that layout (boot-packaged.mjs).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const asar = require('@electron/asar');
const problems = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};

if (!existsSync('dist/main/index.js') || !existsSync('dist/renderer/index.html')) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const stub = mkdtempSync(join(tmpdir(), 'meterdesk-electron-stub-'));
writeFileSync(join(stub, 'electron'), '#!/bin/sh\necho "stub electron: packaging check only" >&2\nexit 1\n');
chmodSync(join(stub, 'electron'), 0o755);
const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version;
writeFileSync(join(stub, 'version'), electronVersion);
writeFileSync(join(stub, 'LICENSE'), 'stub');
writeFileSync(join(stub, 'LICENSES.chromium.html'), '<html></html>');
mkdirSync(join(stub, 'resources'));
const out = mkdtempSync(join(tmpdir(), 'meterdesk-package-'));
// The stub has no fuse sentinel to flip, so the check packages with a copy of the config without
// electronFuses; the fuse settings themselves are asserted on electron-builder.yml below.
const yaml = require('js-yaml');
const builderConfig = yaml.load(readFileSync('electron-builder.yml', 'utf8'));
delete builderConfig.electronFuses;
const configPath = join(stub, 'electron-builder.check.json');
writeFileSync(configPath, JSON.stringify(builderConfig));

const r = spawnSync(
  'npx',
  [
    'electron-builder',
    '--linux',
    '--x64',
    '--dir',
    `-c.electronDist=${stub}`,
    `-c.electronVersion=${electronVersion}`,
    '-c.npmRebuild=false',
    `--config=${configPath}`,
    `-c.directories.output=${out}`,
  ],
  { stdio: 'inherit', env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
);
if (r.status !== 0) {
  console.error('electron-builder --dir failed');
  process.exit(1);
}
const resources = join(out, 'linux-unpacked', 'resources');
const asarPath = join(resources, 'app.asar');
check(existsSync(asarPath), 'app.asar was not produced');
const files = existsSync(asarPath) ? asar.listPackage(asarPath).map((f) => f.replaceAll('\\', '/')) : [];
for (const f of [
  '/dist/main/index.js',
  '/dist/main/cli.js',
  '/dist/main/sync-worker.js',
  '/dist/main/query-worker.js',
  '/dist/main/import-worker.js',
  // Every migration: a database written by this version must open in the packaged app.
  ...readdirSync('main/db/migrations')
    .filter((f) => f.endsWith('.sql'))
    .map((f) => `/dist/main/migrations/${f}`),
  '/dist/preload/index.cjs',
  '/dist/renderer/index.html',
  '/package.json',
]) {
  check(files.includes(f), `missing from app.asar: ${f}`);
}
const own = files.filter((f) => !f.startsWith('/node_modules/'));
check(!own.some((f) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(f)), 'test files are packaged');
check(!files.some((f) => /\.map$/.test(f) && !f.startsWith('/node_modules/')), 'source maps are packaged');
check(!files.some((f) => /(^|\/)\.env(\.|$)/.test(f)), '.env files are packaged');
check(
  !own.some((f) => /^\/(main|preload|renderer\/src|test|scripts|\.ci|\.tmp|docs)\//.test(f)),
  `sources or dev files are packaged: ${own
    .filter((f) => /^\/(main|preload|renderer\/src|test|scripts|\.ci|docs)\//.test(f))
    .slice(0, 5)
    .join(', ')}`,
);
check(
  !files.some((f) =>
    /\/node_modules\/(electron|electron-builder|vitest|vite|@playwright|playwright|typescript|eslint)\//.test(
      f,
    ),
  ),
  'dev-only dependencies are packaged',
);
check(
  !files.some(
    (f) => /(token|secret|credentials)[^/]*\.(json|txt)$/i.test(f) && !f.startsWith('/node_modules/'),
  ),
  'files that look like secrets are packaged',
);
const unpacked = join(resources, 'app.asar.unpacked', 'node_modules');
check(
  existsSync(join(unpacked, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')),
  'better-sqlite3 native module is not unpacked',
);
check(
  existsSync(join(unpacked, 'keytar', 'build', 'Release', 'keytar.node')),
  'keytar native module is not unpacked',
);
for (const f of ['sync-worker.js', 'query-worker.js', 'import-worker.js'])
  check(existsSync(join(resources, 'app.asar.unpacked', 'dist', 'main', f)), `worker ${f} is not unpacked`);
for (const m of ['bindings', 'file-uri-to-path'])
  check(
    existsSync(join(unpacked, m, 'package.json')),
    `${m} (loaded by better-sqlite3 in the workers) is not unpacked`,
  );
const config = readFileSync('electron-builder.yml', 'utf8');
for (const fuse of [
  'runAsNode: false',
  'enableCookieEncryption: true',
  'enableNodeOptionsEnvironmentVariable: false',
  'enableNodeCliInspectArguments: false',
  'enableEmbeddedAsarIntegrityValidation: true',
  'onlyLoadAppFromAsar: true',
]) {
  check(config.includes(fuse), `electron-builder.yml lacks the fuse setting "${fuse}"`);
}

console.log(`\nVerified app.asar (${files.length} entries). Our own files:`);
for (const f of own) console.log(`  ${f}`);
console.log(
  `Native modules unpacked: better-sqlite3, keytar. Runtime dependencies: ${
    new Set(
      files
        .filter((f) => f.startsWith('/node_modules/'))
        .map((f) =>
          f
            .split('/')
            .slice(2, f.split('/')[2]?.startsWith('@') ? 4 : 3)
            .join('/'),
        ),
    ).size
  } packages.`,
);
// What a real start would hit first: boot the packaged main process in Node with a stub electron.
if (problems.length === 0) {
  console.log('\nBooting the packaged layout in Node with a stub electron (scripts/boot-packaged.mjs)…');
  const { bootPackaged } = await import('./boot-packaged.mjs');
  const boot = await bootPackaged(resources);
  problems.push(...boot.problems);
  if (boot.problems.length === 0)
    console.log(
      `Packaged layout booted: ${boot.migrations} migrations applied, ${boot.channels} channels registered, ${boot.seen.readings} readings written by the sync worker from app.asar.unpacked; the packaged CLI and the packaged query thread each wrote a report PDF.`,
    );
}
rmSync(stub, { recursive: true, force: true });
rmSync(out, { recursive: true, force: true });
if (problems.length) {
  console.error('\nPackaging check FAILED:\n- ' + problems.join('\n- '));
  process.exit(1);
}
console.log('Packaging check passed.');
