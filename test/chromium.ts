// Debian's Chromium for Playwright (no Playwright browser download on our machines): where it is and
// the flags it needs on a machine whose network is closed (TOOLCHAIN.md).
import { existsSync } from 'node:fs';

export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
