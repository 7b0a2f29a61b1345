// npm run dist [-- --linux|--win|--mac]: build and package installers with electron-builder.
// It needs the Electron release zip from the internet; where that cannot be downloaded it stops with
// one clear message (the offline packaging check is `npm run check:package`).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const targets = process.argv.slice(2).filter((a) => ['--linux', '--win', '--mac'].includes(a));
const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env } });
if (build.status !== 0) process.exit(build.status ?? 1);

const child = spawn('npx', ['electron-builder', ...targets, '--publish', 'never'], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
const keep = (c) => {
  log += c;
  process.stdout.write(c);
};
child.stdout.on('data', keep);
child.stderr.on('data', keep);
child.on('exit', (code) => {
  if (code === 0) {
    // electron-builder rebuilt the native modules for Electron; npm test switches them back for Node.
    writeFileSync(
      'node_modules/.meterdesk-native-target',
      `electron-${JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version}\n`,
    );
    console.log('\nInstallers are in release/.');
    process.exit(0);
  }
  if (
    /(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|unable to download|cannot download|download.*electron|electron-v[\d.]+-\w+-\w+\.zip)/i.test(
      log,
    )
  ) {
    console.error(
      '\nnpm run dist: the Electron release zip could not be downloaded (no internet access here), so no installer was built. Run it on a machine with internet access; "npm run check:package" verifies the packaging offline.',
    );
  } else {
    console.error(`\nnpm run dist: electron-builder failed (exit ${code}); see its output above.`);
  }
  process.exit(code ?? 1);
});
