import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { copyPanelOpen, copyPanelTitle, loadOtherTab, otherTabRefusal, unusedLabel } from './helpers/alteredMetadata';
import { sharedServer } from './helpers/sharedServers';
import { approvableProduct } from '../server/productsKit';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { signInByApi } from './helpers/signIn';
import { adminPassword, adminToken, apiAs, byId, createProductApi, refusedProblems, toolbarButton } from './productKit';

// Issue 16: the rule catalogue shows what each rule does on the rule cases and the demo products.
describe('metadata first (issue 16)', () => {
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    // The shared portal whose metadata changed Unused's annotation (alteredMetadata.ts): a new label,
    // and Unused now also runs the problem rules (a comment is needed).
    server = sharedServer('alteredMetadata');
    browser = await launchBrowser();
    await signInByApi(browser.context, server.url, 'admin', adminPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a status action annotation changed in the metadata changes the server’s refusal and the editor’s buttons together', async () => {
    const token = await adminToken(server);
    const id = await createProductApi(server, token, approvableProduct({ product_comment: '' }));
    const stored = (await apiAs<{ payload: Record<string, unknown> }>(server, token, `/api/product/${id}`)).payload;
    // The server: Unused now runs the problem rules too, so a product without a comment is refused.
    const res = await fetch(`${server.url}/api/product/${id}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'unused', product: stored }),
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('Please Enter Comment');

    // The editor: the button carries the new label, and its check refuses with the same message.
    const { page, problems } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/product?product_id=${id}`);
    await toolbarButton(page, unusedLabel).waitFor();
    expect(await toolbarButton(page, 'Unused').count()).toBe(0);
    const labels = await page.getByRole('toolbar', { name: 'Product actions' }).getByRole('button').allInnerTexts();
    expect(labels.slice(0, 5)).toEqual(['Approve', 'Unapproved', 'Problem', 'Reprocessed', unusedLabel]);
    expect(await refusedProblems(page, unusedLabel)).toContain('Please Enter Comment');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the two-editors texts reworded in the rule file are the server's refusal and the editor's button (route-texts-in-rule-files.md)", async () => {
    const token = await adminToken(server);
    const id = await createProductApi(server, token, approvableProduct({ product_comment: 'Reworded refusal, first comment' }));
    const { page } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/product?product_id=${id}`);
    await expect.poll(() => byId(page, 'product_comment').inputValue()).toBe('Reworded refusal, first comment');
    // Another load of the same user (another tab: its own x-editor-id) saves after this page opened the product.
    const stored = (await apiAs<{ payload: Record<string, unknown> }>(server, token, `/api/product/${id}`)).payload;
    const other = await fetch(`${server.url}/api/addProduct`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', operationid: 'edit', 'x-editor-id': 'metadata-first-other-tab-0001' },
      body: JSON.stringify({ ...stored, product_comment: 'Saved in the other tab' }),
    });
    expect(other.status).toBe(200);
    await byId(page, 'product_comment').fill('Typed on the older copy');
    await toolbarButton(page, 'Update').click();
    const confirm = page.getByRole('alertdialog');
    const said = new RegExp(`^${otherTabRefusal.replace(/[.()]/g, '\\$&').replace('{at}', '\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2} (AM|PM)')} `);
    await expect.poll(() => confirm.textContent()).toMatch(said);
    await confirm.getByRole('button', { name: loadOtherTab }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await byId(page, 'product_comment').inputValue()).toBe('Typed on the older copy');
    await page.close();
  });

  it("the Copy panel's words reworded in the email area's messages are what Manage Product of a Copy email shows (copy-email-product.md)", async () => {
    const token = await adminToken(server);
    const productId = await createProductApi(server, token, approvableProduct({ product_headline: 'Copy owner, metadata first e2e' }));
    const entry = (await apiAs<{ payload: { entry_id: string } }>(server, token, `/api/product/${productId}`)).payload.entry_id;
    // A Focus email that is neither Used nor a Copy yet, assigned to that entry as a Copy (000 §5).
    const list = await apiAs<{ payload: Array<{ muid: number; deleted: number; entry_id: string | null }> }>(server, token, '/api/emails/list', {
      page: 4, perpage: 50, panelist: 'all', dashboard: 'focus', sorting_field: 'muid', sorting_direction: 'asc',
    });
    const copy = list.payload.find((e) => e.deleted === 0 && !e.entry_id)!.muid;
    await apiAs(server, token, '/api/emails/assign-copy', { payload: [{ muid: copy }], entryID: entry });
    const { page } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/product/v2/${copy}`);
    await expect.poll(() => page.getByRole('heading', { name: copyPanelTitle.replace('{muid}', String(copy)) }).count()).toBe(1);
    expect(await page.getByRole('button', { name: copyPanelOpen }).count()).toBe(1);
    expect(await page.getByText(`It belongs to Entry ID ${entry}.`, { exact: false }).count()).toBe(1);
    await page.close();
  });

  it('the rule catalogue shows each rule’s counts over the rule cases and the demo products', async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${server.url}/rules?q=delivery.visible`, { waitUntil: 'networkidle' });
    const summary = page.locator('[data-coverage-summary]');
    await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toMatch(/^Coverage over \d+ rule cases and \d+ stored products: /);
    const cell = page.locator('[data-coverage-rule="delivery.visible"]');
    await expect.poll(() => cell.innerText()).toMatch(/^Cases \d+ of \d+ fired\nProducts \d+ of \d+ fired/);
    // A check rule shows checked / passed / failed.
    await page.goto(`${server.url}/rules?q=media_channel.required`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('[data-coverage-rule="media_channel.required"]').innerText(), { timeout: 60_000 })
      .toMatch(/^Cases \d+ checked · \d+ passed · [1-9]\d* failed\nProducts (\d+) checked · \1 passed · 0 failed/);
    // The table fits the page: no horizontal scrollbar at 1366 wide, on the page or around the table.
    await page.goto(`${server.url}/rules`, { waitUntil: 'networkidle' });
    await page.locator('[data-coverage-rule]').first().waitFor({ timeout: 60_000 });
    const fits = await page.evaluate(() => {
      const table = document.querySelector('.portal-rules__table')!;
      const section = document.querySelector('.portal-rules')!;
      return { page: document.documentElement.scrollWidth <= document.documentElement.clientWidth, table: table.getBoundingClientRect().right <= section.getBoundingClientRect().right };
    });
    expect(fits).toEqual({ page: true, table: true });
    // A rule's file wraps after a slash or a hyphen, never inside a word ("rules/product/derive.js" + "on" named a file that is not there).
    const splitNames = await page.evaluate(() =>
      [...document.querySelectorAll('.portal-rules__file')].flatMap((el) => {
        const name = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).pop() as Text;
        const text = name.data;
        const range = document.createRange();
        const top = (i: number) => {
          range.setStart(name, i);
          range.setEnd(name, i + 1);
          return Math.round(range.getClientRects()[0]?.top ?? 0);
        };
        const bad = [...text].some((_c, i) => i > 0 && top(i) !== top(i - 1) && !'-/'.includes(text[i - 1]!));
        return bad ? [el.textContent] : [];
      }),
    );
    expect(await page.locator('.portal-rules__file').count()).toBeGreaterThan(100);
    expect(splitNames).toEqual([]);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/rules-1366.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/rules-1440.png` });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
