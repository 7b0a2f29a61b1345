// The real Electron app, driven by Playwright's _electron. Where no Electron binary exists (our CI
// machines cannot download it) every test here is reported as skipped with the reason.
import { _electron as electron, expect, test } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronBinary } from '../../scripts/electron-binary.mjs';

const exe = electronBinary();
if (!exe) console.log('skipped: no Electron binary');

test.describe('Electron app', () => {
  test.skip(!exe, 'no Electron binary on this machine (it cannot be downloaded here)');

  test('opens one hardened window on the demo profile', async () => {
    const app = await electron.launch({
      executablePath: exe!,
      args: ['.'],
      env: { ...process.env, METERDESK_USER_DATA: mkdtempSync(join(tmpdir(), 'md-electron-')) },
    });
    const win = await app.firstWindow();
    await expect(win.getByRole('heading', { name: 'Meterdesk' })).toBeVisible();
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    expect(await win.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe(
      'undefined',
    );
    await expect(win.getByTestId('meter-item').first()).toBeVisible({ timeout: 60_000 });
    await app.close();
  });
});
