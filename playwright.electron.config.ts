// The real-Electron suite: runs wherever an Electron binary exists; reports a visible skip elsewhere.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/electron',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list'], ['json']],
  outputDir: 'test-results/electron',
});
