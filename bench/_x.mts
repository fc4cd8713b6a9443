import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../tests/e2e/helpers/browser';
const base = 'http://127.0.0.1:8180';
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const ctx = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
const r = await ctx.request.post(`${base}/api/auth/sign-in`, { data: { username: 'admin', password: 'first-load-bench-password' } });
console.log('signin', r.status());
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Performance.enable');
const m = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x: any) => [x.name, x.value]));
for (const path of ['/', '/addproduct', '/product?product_id=100003', '/eglacier']) {
  const t0 = Date.now();
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  const a = await m();
  const loadTask = a.TaskDuration;
  await new Promise((r) => setTimeout(r, 5000));
  const b = await m();
  console.log(path, 'load wall', Date.now() - t0, 'ms; renderer task to idle', (loadTask).toFixed(2), 's; idle 5 s task', (b.TaskDuration - a.TaskDuration).toFixed(3), 's', 'layouts', b.LayoutCount - a.LayoutCount, 'recalcs', b.RecalcStyleCount - a.RecalcStyleCount);
}
await browser.close();
