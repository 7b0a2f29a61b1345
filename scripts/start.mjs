// npm start: builds and launches the Electron app on the demo profile — or, where no Electron binary
// is installed, says so in one line and points to the browser harness.
import { spawnSync, spawn } from 'node:child_process';
import { electronBinary } from './electron-binary.mjs';

const exe = electronBinary();
if (!exe) {
  console.log(
    'Meterdesk: no Electron binary is installed on this machine (it could not be downloaded) — run the same app in your browser instead: npm run harness -- --port 5180, then open http://127.0.0.1:5180/',
  );
  process.exit(1);
}
const { ensureElectronAbi } = await import('./native-abi.mjs');
const { readFileSync } = await import('node:fs');
ensureElectronAbi(JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version);
for (const step of ['build']) {
  const r = spawnSync('npm', ['run', step], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(exe, ['.'], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
