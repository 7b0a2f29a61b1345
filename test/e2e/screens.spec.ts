// Every main screen at a 1024×700 laptop and at 1440×900, in German and English: nothing clipped
// off-screen, the header's secondary controls behind "More" where space is short, the status bar on one
// line; screenshots of each in test-results/screens/. The harness runs with a D-Bus that does not exist,
// so the OS keychain is really unusable and the connect dialog shows what a person then sees (item 8).
import { expect, test, type Page } from '@playwright/test';
import { spawnDemoService, spawnHarness, type Harness } from '../harness/spawn';
import { AppPage } from './pages/app-page';
import { analysisViews } from '../../renderer/src/components/analysis/views';

const sizes = [
  { name: '1024x700', width: 1024, height: 700 },
  { name: '1440x900', width: 1440, height: 900 },
] as const;

/** Every visible element of `selector` lies within the window's width. */
async function insideWidth(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > window.innerWidth + 1 || r.left < -1)
        out.push(
          `${el.dataset.testid ?? el.textContent?.slice(0, 20)} (${Math.round(r.left)}–${Math.round(r.right)})`,
        );
    }
    return out;
  }, selector);
}

for (const size of sizes)
  for (const lang of ['de', 'en'] as const) {
    test.describe(`${lang} at ${size.name}`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });
      let harness: Harness;
      test.beforeAll(async () => {
        harness = await spawnHarness([], {
          sessionOnlySecrets: false,
          env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/meterdesk-bus', DISPLAY: '' },
        });
      });
      test.afterAll(() => {
        harness.process.kill('SIGTERM');
      });

      test('every main screen fits, with screenshots', async ({ page }) => {
        const app = new AppPage(page, harness);
        const shot = (name: string) => app.screenshot(`${name}-${lang}-${size.name}`);
        await app.open();
        const more = page.getByTestId('head-more');
        const narrow = size.width <= 1280;
        await expect(more).toBeVisible({ visible: narrow });
        if (narrow) {
          await expect(page.getByTestId('language-select')).toBeHidden();
          await more.click();
        }
        await page.getByTestId('language-select').selectOption(lang);
        if (narrow) await more.click();
        await app.waitForSynced();
        expect(await insideWidth(page, '.app-head button, .app-head select, .app-head .demo-badge')).toEqual(
          [],
        );
        const status = (await page.getByTestId('status-bar').boundingBox())!;
        expect(status.height).toBeLessThanOrEqual(44); // one line (two would be ~60 px)
        await shot('meter-list');

        await app.openMeter('Wohnung Huber');
        await page.getByTestId('range-year').click();
        await expect(app.chart).toHaveAttribute('data-resolution', 'day');
        expect(
          await insideWidth(page, '.toolbar button, .toolbar select, .toolbar input, .export button'),
        ).toEqual([]);
        await shot('chart-year');
        await page.getByTestId('tab-quality').click();
        await expect(page.getByTestId('quality-panel')).toBeVisible();
        await shot('quality');
        await page.getByTestId('tab-analysis').click();
        for (const view of analysisViews) {
          await page.getByTestId(`analysis-${view}`).click();
          await expect(page.getByTestId('analysis-panel')).toHaveAttribute('data-view', view);
          await expect(page.getByTestId('analysis-panel')).not.toContainText(
            lang === 'de' ? 'Lädt' : 'Loading',
          );
          await shot(`analysis-${view}`);
          expect(await insideWidth(page, '.analysis .toolbar button'), view).toEqual([]);
          await shot(`analysis-${view}`);
        }
        await page.getByTestId('open-portfolio').click();
        await expect(page.getByTestId('portfolio-total').first()).toBeVisible();
        await shot('portfolio');
        await page
          .getByTestId('portfolio')
          .getByRole('button', { name: /Schließen|Close/ })
          .click();

        // Connect an account while the keychain is unusable: the error says what to do and offers the
        // session-only choice; taking it creates the profile, which then says its token is session-only.
        const svc = await spawnDemoService(['--years', '0.05']);
        try {
          await page.getByTestId('connect-account').click();
          const dialog = page.getByTestId('connect-dialog');
          await dialog
            .getByTestId('connect-team-url')
            .fill(`${svc.info.base_url}/api/v1/teams/${svc.info.team}`);
          await dialog.getByTestId('connect-token').fill(svc.info.tokens.plus!);
          await dialog.getByTestId('connect-save').click();
          await expect(dialog.getByTestId('connect-error')).toHaveAttribute(
            'data-code',
            'keychain_unavailable',
          );
          await expect(dialog.getByTestId('keep-for-session')).toBeVisible();
          await shot('connect-keychain-locked');
          await dialog.getByTestId('keep-for-session').click();
          await expect(page.getByTestId('token-banner')).toHaveAttribute('data-token-state', 'session');
          await expect(page.getByTestId('status-bar')).toHaveAttribute('data-sync-state', 'idle', {
            timeout: 60_000,
          });
          await expect(app.meterItems.first()).toBeVisible();
          await shot('session-only-profile');
        } finally {
          await svc.stop();
        }
      });
    });
  }
