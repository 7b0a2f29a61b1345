// Dialogs take the keyboard (issue 42, item 11): opened with Enter, the focus moves into the dialog;
// Tab and Shift+Tab stay inside; Escape closes it; the focus returns to the button that opened it.
// Checked on two dialogs that share the shell (Modal.tsx): the report and the settings.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const inside = (page: Page, testId: string) =>
  page.evaluate((id) => !!document.activeElement?.closest(`[data-testid="${id}"]`), testId);

async function keyboardRound(page: Page, opener: string, dialog: string): Promise<void> {
  await page.getByTestId(opener).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(dialog)).toBeVisible();
  expect(await inside(page, dialog), `${dialog}: focus inside when it opens`).toBe(true);
  for (let k = 0; k < 25; k++) {
    await page.keyboard.press('Tab');
    expect(await inside(page, dialog), `${dialog}: Tab ${k + 1} stays inside`).toBe(true);
  }
  for (let k = 0; k < 5; k++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside(page, dialog), `${dialog}: Shift+Tab ${k + 1} stays inside`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(dialog)).toHaveCount(0);
  await expect(page.getByTestId(opener)).toBeFocused();
}

test('dialogs take the focus, keep Tab inside, close on Escape and give the focus back', async ({
  app,
  page,
}) => {
  await app.open();
  await app.waitForSynced();
  await app.openMeter('Wohnung Huber');
  await keyboardRound(page, 'report-open', 'report-dialog');
  const more = page.getByTestId('head-more');
  if (await more.isVisible()) await more.click();
  await keyboardRound(page, 'open-settings', 'settings-dialog');
});
