#!/usr/bin/env node
// Runs the built CLI (npm run build) — or the TypeScript source through tsx in a development checkout.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';

const built = fileURLToPath(new URL('../dist/main/cli.js', import.meta.url));
if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  const src = fileURLToPath(new URL('../main/cli/index.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--import', 'tsx', src, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(r.status ?? 1);
}
