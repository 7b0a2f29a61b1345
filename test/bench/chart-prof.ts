// temporary: CPU profile of the app chart mount in Chromium
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { writeFileSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '../chromium';
const out = await build({
  entryPoints: ['test/bench/chart-page.ts'],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  loader: { '.css': 'empty' },
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  minify: true,
});
const js = out.outputFiles.filter((f) => !f.path.endsWith('.css'))[0]!.text;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1300, height: 600 } });
await page.setContent('<html><body></body></html>');
await page.addScriptTag({ content: js });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
await page.evaluate(() => (window as any).runBench([35040], 2));
await cdp.send('Profiler.start');
const r = await page.evaluate(() => (window as any).runBench([35040, 210240], 7));
const { profile } = await cdp.send('Profiler.stop');
writeFileSync('/tmp/chart.cpuprofile', JSON.stringify(profile));
console.log(JSON.stringify(r), JSON.stringify(await page.evaluate(() => (window as any).__all)));
await browser.close();
