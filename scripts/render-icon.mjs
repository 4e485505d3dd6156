// node scripts/render-icon.mjs: renders media/icon.png (128×128, the Marketplace icon) from media/stacklet.svg,
// the activity-bar glyph, drawn light on a rounded dark tile, with headless Chromium through playwright-core.
// Run it again after changing the SVG and commit the PNG; nothing else runs it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const glyph = fs.readFileSync(path.join(root, 'media', 'stacklet.svg'), 'utf8')
  .replace(/width="24" height="24"/, 'width="88" height="88"')
  .replace('stroke="currentColor"', 'stroke="#e8f1ff"');
const html = `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:128px;height:128px;border-radius:26px;display:flex;align-items:center;justify-content:center;
  background:linear-gradient(145deg,#2b6cb0,#1e2a3a)">${glyph}</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  const out = path.join(root, 'media', 'icon.png');
  await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
  console.log(`${path.relative(root, out)}: ${fs.statSync(out).size} bytes`);
} finally {
  await browser.close();
}
