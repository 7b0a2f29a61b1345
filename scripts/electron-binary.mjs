// Finds the Electron binary without requiring the `electron` package (requiring it triggers a
// download attempt, which cannot work without the internet). Returns null when none is installed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function electronBinary(root = process.cwd()) {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const exe = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(exe) ? exe : null;
}
