import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:18416';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text().slice(0, 200)); });
const id = process.argv[2] ?? '100044';
await page.goto(`${base}/product?product_id=${id}`);
await page.waitForURL(`${base}/signin`);
await page.getByLabel('Username').fill('admin');
await page.getByLabel('Password').fill('Admin-Pass-14x');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL((u) => u.pathname === '/product');
const preview = page.getByAltText(/^Preview of /);
await preview.waitFor({ timeout: 60_000 });
await preview.scrollIntoViewIfNeeded();
await page.waitForTimeout(800);
for (const [w, h] of [[1440, 900], [1366, 768]]) { await page.setViewportSize({ width: w, height: h }); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/wt14-shots/editor-media-${w}.png` }); }
await page.setViewportSize({ width: 1440, height: 900 });
await page.getByRole('link', { name: 'View Content' }).first().click();
const dialog = page.getByRole('dialog', { name: 'PDF Text' });
await dialog.waitFor();
await page.waitForTimeout(500);
for (const [w, h] of [[1440, 900], [1366, 768]]) { await page.setViewportSize({ width: w, height: h }); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/wt14-shots/pdftext-${w}.png` }); }
await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
await page.setViewportSize({ width: 1440, height: 900 });
const pick = page.getByRole('button', { name: 'Choose from company images' });
await pick.scrollIntoViewIfNeeded();
await pick.click();
const pd = page.getByRole('dialog', { name: 'Product Image: company images' });
await pd.waitFor();
await page.waitForTimeout(1500);
for (const [w, h] of [[1440, 900], [1366, 768]]) { await page.setViewportSize({ width: w, height: h }); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/wt14-shots/picker-${w}.png` }); }
await page.keyboard.press('Escape');
await page.goto(`${base}/managepdf/${id}`);
await page.getByRole('list', { name: 'Page images' }).waitFor();
await page.waitForTimeout(1500);
for (const [w, h] of [[1440, 900], [1366, 768]]) { await page.setViewportSize({ width: w, height: h }); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/wt14-shots/managepdf-${w}.png` }); }
await browser.close();
