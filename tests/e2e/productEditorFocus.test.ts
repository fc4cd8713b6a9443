import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { sharedServer } from './helpers/sharedServers';
import { adminToken, apiAs, byId, createProductApi, fillDate, signInAt } from './productKit';

interface Company { companyID: number; companyName: string }

// The editor with the keyboard alone (001 §2: Companies' Up, Down, Remove; the promotion form's Add
// Promotion, Save Promotion / Update, Cancel; the actions): the focus stays with what the person is
// working on (docs/decisions/editor-keyboard.md).
describe('product editor keeps the keyboard focus', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let token: string;
  let productId: number;
  let companies: Company[];

  beforeAll(async () => {
    server = sharedServer('demo');
    browser = await launchBrowser();
    token = await adminToken(server);
    companies = (await apiAs<{ payload: Company[] }>(server, token, '/api/data/company', { get_company: 've' })).payload.slice(0, 3);
    expect(companies).toHaveLength(3);
    // Retail > Apparel makes the Promotion section show; a website product needs no panelist to save.
    productId = await createProductApi(server, token, {
      entry_date: '2024-05-06',
      media_channel: 14,
      audience: 1,
      product_name: 'List focus product',
      sectors: [[{ id: 266, name: 'Retail', sequence: 1, sectorWorksiteVoluntary: 0 }, { id: 1031, name: 'Apparel', sequence: 2, sectorWorksiteVoluntary: 0 }]],
      companies: companies.map((c) => ({ companyID: c.companyID, companyName: c.companyName, isWorksiteVoluntary: 0, isMilitaryCo: 0, isInsuranceExchange: 0, co_states: [], associatedProductName: null })),
    });
    page = (await openWatchedPage(browser.context)).page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, server, `/product?product_id=${productId}`);
    await page.locator('[data-field="companies"] tbody tr').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
  const companyOrder = () => page.locator('[data-field="companies"] tbody tr td:first-child').allTextContents();

  it('moves a company with Down, Down, Up pressed on the keyboard: the focus follows the company', async () => {
    const [a, b, c] = companies.map((x) => x.companyName);
    await page.getByRole('button', { name: `Down ${a}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(companyOrder).toEqual([b, a, c]);
    await expect.poll(focusedLabel).toBe(`Down ${a}`);
    // Enter again moves the same company on (it used to move the neighbour back up).
    await page.keyboard.press('Enter');
    await expect.poll(companyOrder).toEqual([b, c, a]);
    // At the bottom its Down is disabled: the focus stays in its row, on Up.
    await expect.poll(focusedLabel).toBe(`Up ${a}`);
    await page.keyboard.press('Enter');
    await expect.poll(companyOrder).toEqual([b, a, c]);
    await expect.poll(focusedLabel).toBe(`Up ${a}`);
    // Removing the last row leaves the focus on the new last row's Remove, not on the page.
    await page.getByRole('button', { name: `Remove ${c}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(companyOrder).toEqual([b, a]);
    await expect.poll(focusedLabel).toBe(`Remove ${a}`);
  });

  it('takes the focus into the promotion form on Add Promotion and Edit, and back to Add Promotion after Save, Update and Cancel', async () => {
    const promotion = page.locator('section[data-block="promotion"]');
    await byId(page, 'promotion.promotion_company').selectOption({ index: 1 });
    await byId(page, 'promotion.product_type').selectOption({ label: 'Apparel' });
    const add = promotion.getByRole('button', { name: 'Add Promotion' });
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');

    await add.focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedId).toBe('promotion.form.promotion_type');
    await page.keyboard.type('Percent Off');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save Promotion' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => promotion.locator('[data-testid="promotion-table"] tbody tr').count()).toBe(1);
    await expect.poll(focusedLabel).toBe('Add Promotion');

    // Edit: the form's first field; Update: back to Add Promotion.
    await page.getByRole('button', { name: 'Edit promotion 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedId).toBe('promotion.form.promotion_type');
    await page.locator('.portal-promotion-form-actions').getByRole('button', { name: 'Update' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe('Add Promotion');

    // Add, then Cancel: back to Add Promotion.
    await page.keyboard.press('Enter');
    await expect.poll(focusedId).toBe('promotion.form.promotion_type');
    await page.locator('.portal-promotion-form-actions').getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe('Add Promotion');
    expect(await promotion.locator('[data-testid="promotion-table"] tbody tr').count()).toBe(1);
  });

  it('takes the focus to the Sector dropdown on a sector chain\'s Edit, and to Add after Cancel', async () => {
    const classification = page.getByRole('region', { name: 'Classification' });
    await classification.getByRole('button', { name: 'Edit Retail > Apparel' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('sector_draft.sector');
    expect(await byId(page, 'sector_draft.category').inputValue()).not.toBe('');
    await classification.getByRole('button', { name: 'Cancel', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe('Add');
    expect(await classification.locator('tbody tr').allTextContents()).toEqual([expect.stringContaining('Retail > Apparel')]);
  });

  it('keeps the focus in a multi-select when Escape closes its list, so the next Tab goes on from there', async () => {
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
    const list = page.getByRole('listbox');
    await byId(page, 'target_market').focus();
    await expect.poll(focusedId).toBe('target_market');
    // Down opens the list; Escape closes it and leaves the focus in the field's input (Blueprint blurred it to the page).
    await page.keyboard.press('ArrowDown');
    await list.first().waitFor();
    await page.keyboard.press('Escape');
    await list.first().waitFor({ state: 'detached' });
    await expect.poll(focusedId).toBe('target_market');
    // It stays closed and focused (Blueprint reopens a list whose input has the focus a frame later).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await list.count()).toBe(0);
    expect(await focusedId()).toBe('target_market');
    // A pick, then Escape: the chip is in, the list closed, the focus still here.
    await page.keyboard.press('ArrowDown');
    await list.first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[id="target_market"]').locator('xpath=ancestor::*[contains(@class,"bp6-tag-input")][1]').locator('.bp6-tag').count()).toBe(1);
    await page.keyboard.press('Escape');
    await list.first().waitFor({ state: 'detached' });
    await expect.poll(focusedId).toBe('target_market');
    // The next Tab leaves for a control after the field, not the top of the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!(document.getElementById('target_market')!.compareDocumentPosition(document.activeElement!) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);
  });

  it('gives the focus back to Update after a save by the keyboard, and to Update after a new product\'s Submit', async () => {
    const actions = page.getByRole('toolbar', { name: 'Product actions' });
    await byId(page, 'product_comment').fill('Saved from the keyboard');
    await actions.getByRole('button', { name: 'Update', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: `Product ${productId} has been saved.` }).waitFor();
    await expect.poll(focusedLabel).toBe('Update');

    // A new product: Submit is replaced by Update once saved; the focus goes there, not to the page.
    await page.goto(`${server.url}/product?channel_id=14`);
    await byId(page, 'entry_date').waitFor();
    await byId(page, 'audience').selectOption({ label: 'Consumer' });
    await fillDate(page, 'entry_date', '05/06/2024');
    await actions.getByRole('button', { name: 'Submit', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: /Product \d+ has been saved\./ }).waitFor();
    await expect.poll(focusedLabel).toBe('Update');
  });
});
