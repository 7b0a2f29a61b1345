// The chart's per-column area (renderer/src/components/dense-fill.ts) must draw the same picture as
// uPlot's own filled line path, in the real browser, at device pixel ratios 1 and 2.
import { build } from 'esbuild';
import { expect, test } from '@playwright/test';

let js = '';
test.beforeAll(async () => {
  const out = await build({
    entryPoints: ['test/e2e/pages/dense-fill-page.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    loader: { '.css': 'empty' },
  });
  js = out.outputFiles[0]!.text;
});

interface Comparison {
  pixels: number;
  paintedOwn: number;
  paintedDense: number;
  over8: number;
  over24: number;
  over64: number;
}

for (const scale of [1, 2])
  for (const negative of [false, true])
    test(`dense area matches uPlot's fill (35 040 points, pixel ratio ${scale}${negative ? ', values below 0' : ''})`, async ({
      browser,
    }) => {
      const ctx = await browser.newContext({
        deviceScaleFactor: scale,
        viewport: { width: 1300, height: 500 },
      });
      const page = await ctx.newPage();
      await page.setContent('<html><body style="margin:0;background:#fff"></body></html>');
      await page.addScriptTag({ content: js });
      const r = (await page.evaluate(
        ([n, neg]) =>
          (window as unknown as { compare: (n: number, negative: boolean) => Promise<unknown> }).compare(
            n as number,
            neg as boolean,
          ),
        [35_040, negative],
      )) as Comparison;
      await ctx.close();
      // The area was painted (a large part of the plot) …
      expect(r.paintedOwn).toBeGreaterThan(r.pixels * 0.3);
      // … and no pixel differs visibly: a missing area changes a third of the plot by ~31 per channel,
      // a doubled one by ~27. What differs at all is anti-aliasing: at pixel ratio 2 the area's top
      // edge is softened half a device pixel wider (a tint of ≤ 8 %).
      expect(r.over24).toBeLessThan(r.pixels * 0.001);
      expect(r.over64).toBe(0);
      if (scale === 1) expect(r.over8).toBeLessThan(r.pixels * 0.01);
    });

test('sparse data (a zoomed-in week) keeps uPlot’s own filled path, pixel for pixel', async ({ page }) => {
  await page.setContent('<html><body style="margin:0;background:#fff"></body></html>');
  await page.addScriptTag({ content: js });
  const r = (await page.evaluate(() =>
    (window as unknown as { compare: (n: number, negative: boolean) => Promise<unknown> }).compare(
      672,
      false,
    ),
  )) as Comparison;
  expect(r.paintedOwn).toBeGreaterThan(r.pixels * 0.3);
  expect(r.over8).toBe(0);
});
