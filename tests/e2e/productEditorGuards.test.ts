import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StartedServer } from '../server/helpers/startServer';
import { sharedServer } from './helpers/sharedServers';
import { approvableProduct } from '../server/productsKit';
import { makePdf, numberedPages } from '../server/helpers/makePdf';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { adminPassword, adminToken, apiAs, byId, createProductApi, selectedLabel, toolbarButton } from './productKit';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/creditCardDeliveryProduct.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const LEAVE_QUESTION = 'This product has changes that are not saved. Leave this page and lose them?';

// Issue 27: the product editor in daily use: nothing an editor typed is lost without asking.
describe('product editor guards', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let productId: number;
  let unnamedId: number;
  let approvedId: number;
  let deliveryId: number;
  let token: string;
  const productPath = () => `/product?product_id=${productId}`;

  beforeAll(async () => {
    server = sharedServer('empty');
    browser = await launchBrowser();
    token = await adminToken(server);
    deliveryId = await createProductApi(server, token, fixture);
    productId = await createProductApi(server, token, approvableProduct({ product_headline: 'Guarded product headline, guards e2e' }));
    unnamedId = await createProductApi(server, token, approvableProduct({ product_name: null, product_headline: null }));
    approvedId = await createProductApi(server, token, approvableProduct({ product_headline: 'Approved product headline, guards e2e', product_status: 1 }));
    page = (await openWatchedPage(browser.context)).page;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens a path, signing in first when the session is not there yet (each test may run alone); in `page` unless told. */
  async function open(path: string, tab: Page = page) {
    const page = tab;
    await page.goto(`${server.url}${path}`);
    const signIn = page.getByLabel('Username');
    await signIn.or(page.getByRole('toolbar', { name: 'Product actions' })).waitFor();
    if (!(await signIn.isVisible())) return;
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === path.split('?')[0]);
  }
  const leaveQuestion = () => page.getByRole('alertdialog').filter({ hasText: LEAVE_QUESTION });
  /** Answers the unsaved-changes question with `button` and waits for it to close. */
  async function answerLeave(button: 'Stay on this page' | 'Leave without saving') {
    await leaveQuestion().waitFor();
    await leaveQuestion().getByRole('button', { name: button }).click();
    await leaveQuestion().waitFor({ state: 'detached' });
  }

  it('Cancel, a sidebar link, Back and Forward ask before discarding unsaved changes (issue 27 item 2)', async () => {
    await open(productPath());
    const comment = byId(page, 'product_comment');
    await comment.waitFor();
    // Nothing changed: Cancel leaves at once.
    await toolbarButton(page, 'Cancel').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.evaluate(() => history.back());
    await comment.waitFor();
    await comment.fill('A note the editor has not saved yet');

    await toolbarButton(page, 'Cancel').click();
    await answerLeave('Stay on this page');
    expect(new URL(page.url()).search).toBe(`?product_id=${productId}`);
    expect(await comment.inputValue()).toBe('A note the editor has not saved yet');

    // Forward to the dashboard, inside the portal: the router asks.
    await page.evaluate(() => history.forward());
    await answerLeave('Stay on this page');
    expect(new URL(page.url()).search).toBe(`?product_id=${productId}`);
    expect(await comment.inputValue()).toBe('A note the editor has not saved yet');

    // Back to the page before the portal was opened: the browser asks (beforeunload).
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.evaluate(() => history.back());
    expect(await asked).toBe('beforeunload');
    expect(await comment.inputValue()).toBe('A note the editor has not saved yet');

    await toolbarButton(page, 'Cancel').click();
    await answerLeave('Leave without saving');
    await page.waitForURL((u) => u.pathname === '/');

    // A new product, in the portal's shell: a sidebar link asks too.
    await page.goto(`${server.url}/addproduct?channel_id=14`);
    await comment.waitFor();
    await comment.fill('The start of a new product');
    const sidebarLink = page.getByRole('navigation', { name: 'Modules' }).getByRole('menuitem').first();
    await sidebarLink.click();
    await answerLeave('Stay on this page');
    expect(new URL(page.url()).pathname).toBe('/addproduct');
    expect(await comment.inputValue()).toBe('The start of a new product');
    // The question opens on its safe answer, and Escape answers the same way: stay, with the changes.
    await sidebarLink.click();
    await leaveQuestion().waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Stay on this page');
    await page.keyboard.press('Escape');
    await leaveQuestion().waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/addproduct');
    expect(await comment.inputValue()).toBe('The start of a new product');
    await sidebarLink.click();
    await answerLeave('Leave without saving');
    await page.waitForURL((u) => u.pathname !== '/addproduct');
  });

  it("refuses an Update over another editor's later save and says who and when; Keep editing keeps what was typed, 'Load theirs with my changes' draws it over their copy (two editors on one product)", async () => {
    const id = await createProductApi(server, token, approvableProduct({ product_headline: 'Two editors headline, guards e2e', product_comment: 'First comment' }));
    // The other editor: a user of the editor role, made by the admin through the API.
    const other = { username: 'guards-other-editor', password: 'guards-other-password' };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const roles = (await (await fetch(`${server.url}/api/admin/roles`, { headers: auth })).json()) as { payload: Array<{ role_id: number; role_name: string }> };
    expect((await fetch(`${server.url}/api/admin/users`, { method: 'POST', headers: auth, body: JSON.stringify({ ...other, role_id: roles.payload.find((r) => r.role_name === 'editor')!.role_id }) })).status).toBe(200);
    const otherToken = ((await (await fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(other) })).json()) as { payload: { access_token: string } }).payload.access_token;
    const storedNow = async () => (await apiAs<{ payload: { product_headline: string; product_comment: string } }>(server, token, `/api/product/${id}`)).payload;

    await open(`/product?product_id=${id}`);
    const headline = byId(page, 'product_headline');
    const comment = byId(page, 'product_comment');
    await expect.poll(() => headline.inputValue()).toBe('Two editors headline, guards e2e');
    // Meanwhile the other editor opens it and saves a new headline.
    const theirs = (await apiAs<{ payload: Record<string, unknown> }>(server, otherToken, `/api/product/${id}`)).payload;
    await apiAs(server, otherToken, '/api/addProduct', { ...theirs, product_headline: 'The other editor headline' });

    await comment.fill('My comment, typed on an old copy');
    const confirm = page.getByRole('alertdialog');
    const said = /^guards-other-editor changed this product at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM) \(UTC\), after you opened it\. Nothing was saved, so their change is kept; yours are still on your screen\. Load that change with yours drawn over it, then check and save\?/;
    await toolbarButton(page, 'Update').click();
    await expect.poll(() => confirm.textContent()).toMatch(said);
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect([await headline.inputValue(), await comment.inputValue()]).toEqual(['Two editors headline, guards e2e', 'My comment, typed on an old copy']);
    expect(await storedNow()).toMatchObject({ product_headline: 'The other editor headline', product_comment: 'First comment' });

    // Again, and this time their copy with my change over it: their headline, my comment; the next Update stores both.
    await toolbarButton(page, 'Update').click();
    await expect.poll(() => confirm.textContent()).toMatch(said);
    await confirm.getByRole('button', { name: 'Load theirs with my changes' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => headline.inputValue()).toBe('The other editor headline');
    expect(await comment.inputValue()).toBe('My comment, typed on an old copy');
    await toolbarButton(page, 'Update').click();
    await expect.poll(storedNow).toMatchObject({ product_headline: 'The other editor headline', product_comment: 'My comment, typed on an old copy' });
  });

  it("the same user in two tabs: an Update in the tab opened before the other tab's save is refused and says so; 'Load theirs with my changes' keeps this tab's edits over the other's", async () => {
    const id = await createProductApi(server, token, approvableProduct({ product_headline: 'Two tabs headline, guards e2e', product_comment: 'Two tabs first comment' }));
    const storedNow = async () => (await apiAs<{ payload: { product_headline: string; product_comment: string; file_name?: string } }>(server, token, `/api/product/${id}`)).payload;
    // Tab B (this test's page) and tab A: one browser, one signed-in user, the same product.
    await open(`/product?product_id=${id}`);
    const tabA = (await openWatchedPage(browser.context)).page;
    try {
      await open(`/product?product_id=${id}`, tabA);
      for (const tab of [page, tabA]) await expect.poll(() => byId(tab, 'product_headline').inputValue()).toBe('Two tabs headline, guards e2e');
      // Tab A saves the headline, then the comment: its own consecutive saves are no conflict.
      await byId(tabA, 'product_headline').fill('Headline saved in tab A');
      await toolbarButton(tabA, 'Update').click();
      await expect.poll(storedNow).toMatchObject({ product_headline: 'Headline saved in tab A' });
      // Its own upload is no conflict either: the upload names the same editor load as its saves.
      const loads: string[] = [];
      tabA.on('request', (r) => {
        if (/\/api\/(addProduct|upload-product-media)/.test(r.url())) loads.push(r.headers()['x-editor-id'] ?? 'none');
      });
      await tabA.getByLabel('Product media file').setInputFiles({ name: 'tab-a.pdf', mimeType: 'application/pdf', buffer: await makePdf(numberedPages(1)) });
      await tabA.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect.poll(() => tabA.getByLabel('Upload progress').textContent(), { timeout: 30_000 }).toMatch(/^100% /);
      await byId(tabA, 'product_comment').fill('Comment saved in tab A');
      await toolbarButton(tabA, 'Update').click();
      await expect.poll(storedNow).toMatchObject({ product_headline: 'Headline saved in tab A', product_comment: 'Comment saved in tab A', file_name: 'tab-a.pdf' });
      expect(loads).toHaveLength(2);
      expect(loads[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(loads[1]).toBe(loads[0]);

      // Tab B, still on the copy opened before, changes the comment: its Update would undo tab A's save.
      const comment = byId(page, 'product_comment');
      await comment.fill('Comment typed in tab B');
      await toolbarButton(page, 'Update').click();
      const confirm = page.getByRole('alertdialog');
      await expect
        .poll(() => confirm.textContent())
        .toMatch(
          /^You changed this product in another tab, window or screen at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM) \(UTC\), after this copy was opened\. Nothing was saved, so that change is kept; the changes made here are still on your screen\. Load that change with yours drawn over it, then check and save\?/,
        );
      expect(await storedNow()).toMatchObject({ product_headline: 'Headline saved in tab A', product_comment: 'Comment saved in tab A', file_name: 'tab-a.pdf' });
      // Tab A's copy with tab B's edit over it: A's headline, B's comment (B changed it too, so B's shows); saved by the next Update.
      await confirm.getByRole('button', { name: 'Load theirs with my changes' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => byId(page, 'product_headline').inputValue()).toBe('Headline saved in tab A');
      expect(await comment.inputValue()).toBe('Comment typed in tab B');
      await toolbarButton(page, 'Update').click();
      // Tab A's upload is kept too: tab B did not change the file.
      await expect.poll(storedNow).toMatchObject({ product_headline: 'Headline saved in tab A', product_comment: 'Comment typed in tab B', file_name: 'tab-a.pdf' });
      // Tab B's save is now the later change for tab A, whose next Update is refused in turn.
      await byId(tabA, 'product_headline').fill('Tab A headline again');
      await toolbarButton(tabA, 'Update').click();
      await expect.poll(() => tabA.getByRole('alertdialog').textContent()).toMatch(/^You changed this product in another tab, window or screen at /);
    } finally {
      await tabA.close();
    }
  });

  it('a refused approval marks its fields, links each to its field and focuses the first (issue 27 item 3)', async () => {
    await open(`/product?product_id=${unnamedId}`);
    await byId(page, 'product_name').waitFor({ state: 'attached' });
    await toolbarButton(page, 'Approve').click();
    const problems = page.getByRole('list', { name: 'Problems' });
    const links = problems.getByRole('link');
    await expect.poll(() => links.allTextContents()).toEqual(['Product Name', 'Product Headline']);
    // The first label has the focus: Enter goes to its field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Product Name');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await problems.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('product_name');
    // Both fields say so, in the danger intent.
    for (const id of ['product_name', 'product_headline']) {
      const cell = page.locator(`[data-field="${id}"]`);
      expect(await cell.locator('.portal-field-error').allTextContents()).toEqual(['Required']);
      expect(await cell.locator('.bp6-form-group.bp6-intent-danger').count()).toBe(1);
    }
    // A label in the dialog goes to its field; filling it takes its mark away.
    await toolbarButton(page, 'Approve').click();
    await links.getByText('Product Headline').click();
    await problems.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('product_headline');
    const headlineBox = (await byId(page, 'product_headline').boundingBox())!;
    expect(headlineBox.y).toBeGreaterThan(0);
    expect(headlineBox.y + headlineBox.height).toBeLessThan(page.viewportSize()!.height);
    await page.keyboard.type('A headline typed after the refusal');
    await expect.poll(() => page.locator('[data-field="product_headline"] .portal-field-error').count()).toBe(0);
    expect(await page.locator('[data-field="product_name"] .portal-field-error').count()).toBe(1);
  });

  it('disables Move and delete on an approved product and says why; elsewhere its dialog has its inputs (issue 27 item 4)', async () => {
    await open(`/product?product_id=${approvedId}`);
    const move = toolbarButton(page, 'Move and delete');
    await move.waitFor();
    expect(await move.getAttribute('aria-disabled')).toBe('true');
    const reason = 'An approved product cannot be moved and deleted.';
    expect(await page.locator(`[id="${await move.getAttribute('aria-describedby')}"]`).textContent()).toBe(reason);
    await move.hover();
    await expect.poll(() => page.locator('.bp6-tooltip').textContent()).toBe(reason);
    await move.click({ force: true });
    expect(await page.getByRole('dialog', { name: 'Move and delete' }).count()).toBe(0);

    await open(productPath());
    await toolbarButton(page, 'Move and delete').click();
    const dialog = page.getByRole('dialog', { name: 'Move and delete' });
    await dialog.waitFor();
    // It opens on its first field, not on its frame.
    await expect.poll(() => dialog.getByRole('textbox', { name: /Product ID/ }).evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('textbox', { name: /Product ID/ }).isEditable()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: /Entry ID/ }).isEditable()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The dialog is drawn only while open: closing it gives the focus back to its button, not to the page.
    await expect.poll(() => toolbarButton(page, 'Move and delete').evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('keeps the Delivery values over a channel round trip, ignores options arrowed over, and names what a save would clear (issue 27 item 1)', async () => {
    await open(`/product?product_id=${deliveryId}`);
    const delivery = page.locator('section[data-block="delivery"]');
    const method = byId(page, 'delivery.delivery_method');
    await method.waitFor({ state: 'attached' });
    expect(await selectedLabel(page, 'delivery.delivery_method')).toBe('US Mail');

    // Arrowing over the channels changes nothing until a choice is made; Escape goes back.
    const channel = byId(page, 'media_channel');
    await channel.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await selectedLabel(page, 'media_channel')).toBe('Email');
    expect(await delivery.count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await selectedLabel(page, 'media_channel')).toBe('Direct Mail');

    // Direct Mail -> Email -> Direct Mail: the section goes and comes back with its five values.
    await channel.selectOption({ label: 'Email' });
    await delivery.waitFor({ state: 'detached' });
    await channel.selectOption({ label: 'Direct Mail' });
    await delivery.waitFor({ state: 'attached' });
    expect(await selectedLabel(page, 'delivery.delivery_method')).toBe('US Mail');
    for (const id of ['delivery.delivery_type', 'delivery.postage', 'delivery.pre_sorted', 'delivery.package_type']) expect(await selectedLabel(page, id)).not.toBe('Select One');

    // A save with the section hidden says what it clears first; Cancel stores nothing.
    await channel.selectOption({ label: 'Email' });
    await delivery.waitFor({ state: 'detached' });
    await toolbarButton(page, 'Update').click();
    const problems = page.getByRole('list', { name: 'Problems' });
    await expect.poll(() => problems.locator('li').allTextContents()).toContain('Delivery: 5 values will be cleared');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await problems.waitFor({ state: 'detached' });
    const stored = await apiAs<{ payload: Record<string, unknown> }>(server, token, `/api/product/${deliveryId}`);
    expect(stored.payload).toMatchObject({ media_channel: 1, delivery: fixture.delivery });
  });

  it('closing or reloading the tab with unsaved changes asks through the browser', async () => {
    await open(productPath());
    const comment = byId(page, 'product_comment');
    await comment.waitFor();
    await comment.fill('Another unsaved note');
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    expect(await comment.inputValue()).toBe('Another unsaved note');
    page = (await openWatchedPage(browser.context)).page;
  });

  it('says that no product or email has a MUID instead of drawing an empty product for it', async () => {
    await page.goto(`${server.url}/product/987654321`);
    const notFound = page.getByText('No product or email has this MUID');
    const signIn = page.getByLabel('Username');
    await signIn.or(notFound).waitFor();
    if (await signIn.isVisible()) {
      await signIn.fill('admin');
      await page.getByLabel('Password').fill(adminPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();
    }
    await notFound.waitFor();
    expect(await page.getByText('Nothing was found for MUID 987654321.').count()).toBe(1);
    expect(await page.getByRole('toolbar', { name: 'Product actions' }).count()).toBe(0);
  });

  it('keeps the unsaved changes when the session ends on its own and gives them back after signing in again', async () => {
    await open(productPath());
    const comment = byId(page, 'product_comment');
    await comment.waitFor();
    await comment.fill('Typed before the session ended');
    await byId(page, 'product_name').fill('Renamed before the session ended');
    // The session ends in another tab (idle sign-out): this tab follows within a second.
    await page.evaluate(() => {
      document.cookie = 'isActive=false; path=/';
    });
    await page.waitForURL(`${server.url}/signin`);
    await expect.poll(() => page.locator('body').textContent()).toContain('Your session has expired, please login again');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}${productPath()}`);
    await expect.poll(() => byId(page, 'product_comment').inputValue()).toBe('Typed before the session ended');
    expect(await byId(page, 'product_name').inputValue()).toBe('Renamed before the session ended');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Unsaved changes restored' }).count()).toBe(1);
    // They are unsaved changes like any others: leaving asks, and after leaving they are gone.
    await toolbarButton(page, 'Cancel').click();
    await answerLeave('Leave without saving');
    await open(productPath());
    await byId(page, 'product_comment').waitFor();
    expect(await byId(page, 'product_name').inputValue()).not.toBe('Renamed before the session ended');
    expect(await page.getByRole('status').filter({ hasText: 'Unsaved changes restored' }).count()).toBe(0);
  });
});
