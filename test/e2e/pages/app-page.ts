// Page object for the Meterdesk window.
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Harness } from '../fixtures';
import { screensDir } from '../fixtures';

export class AppPage {
  readonly meterItems: Locator;
  readonly chart: Locator;
  constructor(
    readonly page: Page,
    readonly harness: Harness,
  ) {
    this.meterItems = page.getByTestId('meter-item');
    this.chart = page.getByTestId('chart');
  }

  async open(): Promise<void> {
    await this.page.goto(this.harness.url);
    await expect(this.page.locator('body[data-ready="true"]')).toBeAttached();
  }

  /** Waits until the first sync has finished and the meter list is filled. */
  async waitForSynced(): Promise<void> {
    await expect(this.page.getByTestId('status-bar')).toHaveAttribute('data-sync-state', 'idle', {
      timeout: 60_000,
    });
    await expect(this.meterItems.first()).toBeVisible();
  }

  meter(label: string | RegExp): Locator {
    return this.meterItems.filter({ hasText: label });
  }

  async openMeter(label: string | RegExp): Promise<void> {
    await this.meter(label).first().click();
    await expect(this.chart.locator('canvas').first()).toBeVisible();
  }

  /**
   * A fresh start to one analysis view: the app open and synced, in `lang`, the meter opened, the range
   * chosen (`range-year`, `range-all`; none: the default), the Analysis tab's `view` (cost, slp, …).
   */
  async openAnalysis(
    label: string,
    lang: 'de' | 'en',
    view: string,
    range: 'year' | 'all' | null = 'year',
  ): Promise<void> {
    await this.open();
    await this.waitForSynced();
    await this.language(lang);
    await this.openMeter(label);
    if (range) await this.page.getByTestId(`range-${range}`).click();
    await this.page.getByTestId('tab-analysis').click();
    await this.page.getByTestId(`analysis-${view}`).click();
  }

  /** Switches the UI language (behind "More" on narrow windows). */
  async language(lang: 'de' | 'en'): Promise<void> {
    const more = this.page.getByTestId('head-more');
    if (await more.isVisible()) await more.click();
    await this.page.getByTestId('language-select').selectOption(lang);
    if (await more.isVisible()) await more.click();
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: join(screensDir(), `${name}.png`), fullPage: false });
  }
}
