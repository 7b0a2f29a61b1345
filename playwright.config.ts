// E2E through the browser harness in Debian's Chromium (no Playwright browser download here).
import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  outputDir: 'test-results/artifacts',
  use: {
    viewport: { width: 1400, height: 900 },
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
