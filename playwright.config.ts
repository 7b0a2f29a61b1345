// E2E through the browser harness in Debian's Chromium (no Playwright browser download here).
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './test/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // Two at a time: every test has its own harness (data folder, demo service, free ports); on the
  // CI machine's two cores the suite takes 3.4–3.6 min instead of 4.4.
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json']],
  outputDir: 'test-results/artifacts',
  use: {
    viewport: { width: 1400, height: 900 },
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
});
