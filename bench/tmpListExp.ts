import { launchBrowser } from '../tests/e2e/helpers/browser';
import { signInThroughPage } from '../tests/e2e/helpers/signIn';
import { startServer } from '../tests/server/helpers/startServer';
const server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: 'first-load-bench-password', DEMO_EMAILS: '40' }, dataDir: process.env.PROFILE_DATA_DIR, timeoutMs: 600_000 });
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  await page.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughPage(page, server.url, 'admin', 'first-load-bench-password');
  await page.goto(server.url + '/');
  await page.waitForSelector('.dashboard-cell--subject a');
  const r = await page.evaluate(() => {
    const out: string[] = [`total ${document.querySelectorAll('*').length}`];
    const walk = (el: Element, depth: number) => {
      const n = el.querySelectorAll('*').length + 1;
      if (n < 25) return;
      out.push(`${'  '.repeat(depth)}${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].slice(0, 3).join('.')} ${n}`);
      if (depth < 7) for (const c of el.children) walk(c, depth + 1);
    };
    walk(document.body, 0);
    return out.join('\n');
  });
  console.log(r);
  await page.screenshot({ path: '/tmp/exp/list.png' });
  console.log(await page.evaluate(() => { const f = document.querySelector('form.search-form')!; const out: string[] = []; for (const c of f.querySelectorAll(':scope > *, :scope > * > *')) out.push(`${c.tagName.toLowerCase()}.${[...c.classList].slice(0,3).join('.')} ${c.querySelectorAll('*').length} ${(c.textContent ?? '').slice(0, 50)}`); return out.join('\n'); }));
} finally { await browser.close(); await server.stop(); }
