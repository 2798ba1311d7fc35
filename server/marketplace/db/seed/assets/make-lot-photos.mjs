/**
 * Makes the demo lots' photos (server/marketplace/db/seed/assets/lot-photos.ts): two small JPEGs
 * drawn in Chromium, kept as base64 in a module so that the seed needs no file beside the bundle.
 *   node server/marketplace/db/seed/assets/make-lot-photos.mjs && npx prettier --write server/marketplace/db/seed/assets/lot-photos.ts
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 320, height: 240 } });
const phone = (x, color) =>
  `<div style="position:absolute;left:${x}px;top:36px;width:72px;height:150px;border-radius:12px;background:#1f2933;box-shadow:4px 6px 10px rgba(0,0,0,.35)"><div style="position:absolute;left:6px;top:12px;right:6px;bottom:18px;border-radius:4px;background:${color}"></div></div>`;
const scenes = {
  'lot-phones': `<body style="margin:0;width:320px;height:240px;background:linear-gradient(160deg,#e6ebf1,#9fb0c3);position:relative">${phone(28, 'linear-gradient(#5b8def,#2b4f9e)')}${phone(124, 'linear-gradient(#7fd1ae,#2f7d5b)')}${phone(220, 'linear-gradient(#f0b46b,#b5652a)')}<div style="position:absolute;left:0;right:0;bottom:0;height:40px;background:#c8a97e"></div></body>`,
  'lot-boxes': `<body style="margin:0;width:320px;height:240px;background:linear-gradient(#f3efe8,#d9d0c1);position:relative">${[0, 1, 2].map((r) => [0, 1, 2, 3].map((c) => `<div style="position:absolute;left:${30 + c * 66}px;top:${150 - r * 52}px;width:60px;height:48px;background:linear-gradient(135deg,#fafafa,#d8dde3);border:1px solid #9aa5b1;box-shadow:2px 3px 5px rgba(0,0,0,.25)"></div>`).join('')).join('')}</body>`,
};
const photos = {};
for (const [name, html] of Object.entries(scenes)) {
  await page.setContent(html);
  photos[name] = (await page.screenshot({ type: 'jpeg', quality: 60 })).toString('base64');
}
await browser.close();
fs.writeFileSync(
  new URL('./lot-photos.ts', import.meta.url),
  `/** The demo lots' photos, JPEG in base64, made by make-lot-photos.mjs beside this file. */\nexport const LOT_PHOTOS = ${JSON.stringify(photos)};\n`,
);
