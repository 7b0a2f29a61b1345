// Renders resources/icon.svg to the PNG sizes the installers need, with the Chromium the project
// already uses for tests (no extra image tool). electron-builder turns the 1024 px PNG into .icns/.ico.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';

const svg = readFileSync('resources/icon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const size of [1024, 512, 256, 128, 64, 48, 32, 16]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('width="1024" height="1024"', `width="${size}" height="${size}"`)}</body></html>`,
  );
  const out = size === 1024 ? 'resources/icon.png' : `resources/icons/${size}x${size}.png`;
  await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  if (size === 1024)
    await page.screenshot({
      path: 'resources/icons/1024x1024.png',
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
  await page.close();
}
await browser.close();
console.log('icons written to resources/icon.png and resources/icons/');
