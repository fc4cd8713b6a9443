import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductCount } from '../../src/server/products/seedDemoProducts';
import { startServer, type StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { e2eAdminPassword, signInThroughPage } from './helpers/signIn';

// Issue 16: the rule catalogue shows what each rule does on the rule cases and the demo products.
describe('metadata first (issue 16)', () => {
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: e2eAdminPassword, DEMO_EMAILS: '0' } });
    browser = await launchBrowser();
    const signIn = await browser.context.newPage();
    await signInThroughPage(signIn, server.url);
    await signIn.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the rule catalogue shows each rule’s counts over the rule cases and the demo products', async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${server.url}/rules?q=delivery.visible`, { waitUntil: 'networkidle' });
    const summary = page.locator('[data-coverage-summary]');
    await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toMatch(new RegExp(`^Coverage over \\d+ rule cases and ${demoProductCount} stored products: `));
    const cell = page.locator('[data-coverage-rule="delivery.visible"]');
    await expect.poll(() => cell.innerText()).toMatch(new RegExp(`^Cases \\d+ of \\d+ fired\\nProducts \\d+ of ${demoProductCount} fired`));
    // A check rule shows checked / passed / failed.
    await page.goto(`${server.url}/rules?q=media_channel.required`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('[data-coverage-rule="media_channel.required"]').innerText(), { timeout: 60_000 })
      .toMatch(new RegExp(`^Cases \\d+ checked · \\d+ passed · [1-9]\\d* failed\\nProducts ${demoProductCount} checked · ${demoProductCount} passed · 0 failed`));
    // The table fits the page: no horizontal scrollbar at 1366 wide, on the page or around the table.
    await page.goto(`${server.url}/rules`, { waitUntil: 'networkidle' });
    await page.locator('[data-coverage-rule]').first().waitFor({ timeout: 60_000 });
    const fits = await page.evaluate(() => {
      const table = document.querySelector('.portal-rules__table')!;
      const section = document.querySelector('.portal-rules')!;
      return { page: document.documentElement.scrollWidth <= document.documentElement.clientWidth, table: table.getBoundingClientRect().right <= section.getBoundingClientRect().right };
    });
    expect(fits).toEqual({ page: true, table: true });
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/rules-1366.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/rules-1440.png` });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
