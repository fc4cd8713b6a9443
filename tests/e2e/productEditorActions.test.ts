import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDb } from '../../src/server/db/openDb';
import { demoCorpusFiles, importPaths } from '../../src/server/import/index';
import { startInProcess } from '../server/helpers/startInProcess';
import { copySeededDataDir, type StartedServer } from '../server/helpers/startServer';
import { approvableProduct } from '../server/productsKit';
import { launchBrowser, openWatchedPage, type TestBrowser, type WatchedPage } from './helpers/browser';
import {
  acceptAlert, adminToken, answerAlert, apiAs, byId, createProductApi, expectNoAlertAfter, expectToast, fillDate, refusedProblems, saveWith, searchAndPick,
  select, selectedLabel, signInAt, tick, toastShown, toolbarButton,
} from './productKit';

interface Panelist { panelist_id: number; first_name: string; last_name: string; stateID: number | null }
const HEADLINE_CHECK = '/api/get_product_headline';

interface Stored { product_id: number; entry_id: string; product_status: number; is_deleted: number; panelists?: unknown[] }

// Issue 5: the editor's interactions beyond creating a product (001 §4, §5, §8): the headline
// duplicate check, panelist edit, the sector combination editor, move and delete, the status
// buttons and soft delete, and the temp-product notice. One server, one page, steps in order.
describe('product editor actions', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let watched: WatchedPage;
  let page: Page;
  let token: string;
  let panelist: Panelist;
  const ids = { headlineOwner: 0, moveSource: 0, moveTarget: 0, statusProduct: 0 };
  const ownerHeadline = 'Earn 2% cash back on every purchase, actions e2e';
  const statusHeadline = 'Status buttons product headline, actions e2e';
  // Products opened from an email (/addproduct/v2/{muid}): the server links a product only to an
  // email that exists, so this file's portal holds two corpus emails (the empty template has none).
  let tempMuid = 0;
  let approvedMuid = 0;
  let dataDir = '';
  const product = (id: number) => apiAs<{ payload: Stored }>(server, token, `/api/product/${id}`).then((r) => r.payload);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-editor-actions-'));
    copySeededDataDir('empty', dataDir);
    const db = await openDb({ dataDir });
    try {
      await importPaths(db, demoCorpusFiles().slice(0, 2));
      [tempMuid, approvedMuid] = (await db.query<{ muid: string }>('select muid from emails order by muid')).rows.map((r) => Number(r.muid));
    } finally {
      await db.close();
    }
    server = await startInProcess(dataDir);
    browser = await launchBrowser();
    token = await adminToken(server);
    panelist = (await apiAs<{ payload: Panelist[] }>(server, token, '/api/panelists/an')).payload.find((p) => p.stateID && p.first_name && p.last_name)!;
    ids.headlineOwner = await createProductApi(server, token, approvableProduct({ product_headline: ownerHeadline }));
    ids.moveTarget = await createProductApi(server, token, approvableProduct({ product_headline: 'Move target headline, actions e2e' }));
    ids.moveSource = await createProductApi(server, token, approvableProduct({ product_headline: 'Move source headline, actions e2e' }));
    // No product PDF: Unapproved is refused until the same-process-PDF option is chosen.
    ids.statusProduct = await createProductApi(server, token, approvableProduct({ product_headline: statusHeadline, product_pdf: null, ec_content_type: 'email' }));
    await createProductApi(server, token, approvableProduct({ product_headline: 'Temp product headline, actions e2e', muid: String(tempMuid), product_status: 11 }));
    await createProductApi(server, token, approvableProduct({ product_headline: 'Approved email product, actions e2e', muid: String(approvedMuid), product_status: 1 }));
    watched = await openWatchedPage(browser.context);
    page = watched.page;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('warns on blur when the headline is already used by another product (001 §5 Headline)', async () => {
    await signInAt(page, server, '/product?channel_id=14');
    const headline = byId(page, 'product_headline');
    await headline.waitFor();
    // A headline no product uses: the check answers, and no alert.
    await headline.fill('A headline nobody has used yet, actions e2e');
    await expectNoAlertAfter(page, HEADLINE_CHECK, () => headline.press('Tab'));
    // The headline of an existing product: the alert names it.
    await headline.fill(ownerHeadline);
    await headline.press('Tab');
    await acceptAlert(page, `Duplicate headline: "${ownerHeadline}" is already used by product ${ids.headlineOwner}`);
  });

  it('edits a panelist row: the new date shows in the table (001 §2 panelist add/edit)', async () => {
    const table = page.getByRole('table', { name: 'Panelists' });
    const name = `${panelist.first_name} ${panelist.last_name}`;
    await fillDate(page, 'panelist_draft.pp_date', '2024-05-01');
    await searchAndPick(page, 'panelist-search', panelist.last_name, new RegExp(`\\(${panelist.panelist_id}\\)`));
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr td').first().textContent()).toBe('05/01/2024');

    // With the keyboard: Edit takes the focus to the row's form (it stayed on the pencil), Update back to the search.
    await page.getByRole('button', { name: `Edit panelist ${name}` }).focus();
    await page.keyboard.press('Enter');
    const editor = page.locator('fieldset', { has: page.getByText('Edit Panelist', { exact: true }) });
    await editor.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('panelist_draft.pp_date');
    expect(await byId(page, 'panelist_draft.pp_date').inputValue()).toBe('05/01/2024');
    await fillDate(page, 'panelist_draft.pp_date', '2024-05-03');
    await byId(page, 'panelist_draft.tracking_id').fill('4321');
    await page.getByRole('button', { name: 'Update Panelist' }).click();

    await expect.poll(() => table.locator('tbody tr td').first().textContent()).toBe('05/03/2024');
    const row = await table.locator('tbody tr').allTextContents();
    expect(row).toHaveLength(1);
    expect(row[0]).toContain('4321');
    expect(row[0]).toContain(String(panelist.panelist_id));
    // Back to the add form, the focus in its search.
    await page.locator('legend', { hasText: 'Add Panelist' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('panelist-search');
  });

  it('adds, edits, updates, reorders and removes sector combinations; the last removal asks first (001 §2, §4)', async () => {
    const chains = page.getByRole('table', { name: 'Sector combinations' });
    const rows = () => chains.locator('tbody tr td:first-child').allTextContents();
    const sectorEditor = page.locator('.portal-sector-editor');
    const addChain = async (sector: string, category: string) => {
      await select(page, 'sector_draft.sector', sector);
      await select(page, 'sector_draft.category', category);
      await sectorEditor.getByRole('button', { name: 'Add', exact: true }).click();
    };

    await addChain('Banking', 'Checking Account');
    await addChain('Mortgage and Loan', 'Mortgage');
    await expect.poll(rows).toEqual(['Banking > Checking Account', 'Mortgage and Loan > Mortgage']);
    await page.locator('section[data-block="banking"]').waitFor();

    // Edit fills the draft and turns Add into Update; Update replaces the chain at its index.
    await page.getByRole('button', { name: 'Edit Banking > Checking Account' }).click();
    await expect.poll(() => selectedLabel(page, 'sector_draft.category')).toBe('Checking Account');
    expect(await selectedLabel(page, 'sector_draft.sector')).toBe('Banking');
    await expect.poll(rows).toEqual(['Banking > Checking Account (editing)', 'Mortgage and Loan > Mortgage']);
    await select(page, 'sector_draft.category', 'Savings Account');
    await sectorEditor.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(rows).toEqual(['Banking > Savings Account', 'Mortgage and Loan > Mortgage']);
    await sectorEditor.getByRole('button', { name: 'Add', exact: true }).waitFor();

    // Up and Down reorder the list.
    await page.getByRole('button', { name: 'Up Mortgage and Loan > Mortgage' }).click();
    await expect.poll(rows).toEqual(['Mortgage and Loan > Mortgage', 'Banking > Savings Account']);
    await page.getByRole('button', { name: 'Down Mortgage and Loan > Mortgage' }).click();
    await expect.poll(rows).toEqual(['Banking > Savings Account', 'Mortgage and Loan > Mortgage']);
    expect(await page.getByRole('button', { name: 'Up Banking > Savings Account' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Down Mortgage and Loan > Mortgage' }).isDisabled()).toBe(true);

    // Removing one of two needs no confirmation (a confirmation would hold the removal back).
    await page.getByRole('button', { name: 'Remove Mortgage and Loan > Mortgage' }).click();
    await expect.poll(rows).toEqual(['Banking > Savings Account']);
    expect(await page.locator('.bp6-alert').count()).toBe(0);

    // Removing the last one asks; Cancel keeps it, confirming removes it and what depends on it.
    const lastRemoval = 'Remove the last sector combination? The fields that depend on it will be cleared.';
    await page.getByRole('button', { name: 'Remove Banking > Savings Account' }).click();
    await answerAlert(page, lastRemoval, 'Cancel');
    expect(await rows()).toEqual(['Banking > Savings Account']);
    await page.getByRole('button', { name: 'Remove Banking > Savings Account' }).click();
    await answerAlert(page, lastRemoval, 'Remove');
    await page.getByText('No sector combinations').waitFor();
    await page.locator('section[data-block="banking"]').waitFor({ state: 'detached' });

    // In edit mode the last one goes without a confirmation (001 §4 "unless in edit mode").
    await addChain('Banking', 'Checking Account');
    await expect.poll(rows).toEqual(['Banking > Checking Account']);
    await page.getByRole('button', { name: 'Edit Banking > Checking Account' }).click();
    await expect.poll(rows).toEqual(['Banking > Checking Account (editing)']);
    await page.getByRole('button', { name: 'Remove Banking > Checking Account' }).click();
    await page.getByText('No sector combinations').waitFor();
    expect(await page.locator('.bp6-alert').count()).toBe(0);
  });

  it('moves and deletes a saved product: lookup, validation and confirmation with their messages (001 §2, §4, §5, §8)', async () => {
    const target = await product(ids.moveTarget);
    await page.goto(`${server.url}/product?product_id=${ids.moveSource}`);
    await toolbarButton(page, 'Move and delete').click();
    const dialog = page.getByRole('dialog', { name: 'Move and delete', exact: true });
    await dialog.waitFor();
    const productId = byId(page, 'move_and_delete.product_id');
    const entryId = byId(page, 'move_and_delete.entry_id');
    const next = dialog.getByRole('button', { name: 'Next' });

    // Lookup: the product id is required, and an unknown one is named.
    await dialog.getByRole('button', { name: 'Search' }).click();
    await acceptAlert(page, 'Product ID cannot be empty.');
    await productId.fill('999999');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await expectToast(page, 'Entry Id not found for product ID: 999999');

    // Next validates the entry id: required, contains a yyyy-mm-dd date, belongs to a product.
    await next.click();
    await acceptAlert(page, 'Entry ID cannot be empty.');
    await entryId.fill('not-an-entry');
    await next.click();
    await acceptAlert(page, 'Please enter a valid date format');
    await entryId.fill('2024-03-01-000000000000');
    await next.click();
    await expectToast(page, 'Product details not found');

    // Search fills the entry id of the product looked up.
    await productId.fill(String(ids.moveTarget));
    await dialog.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => entryId.inputValue()).toBe(target.entry_id);

    // The confirmation shows the entry id; Cancel goes back, MOVE & DELETE moves.
    await next.click();
    const confirmDialog = page.getByRole('dialog', { name: 'Confirm move and delete' });
    await expect.poll(() => confirmDialog.textContent()).toContain(`Entry ID: ${target.entry_id}`);
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog.waitFor({ state: 'detached' });
    expect(await entryId.inputValue()).toBe(target.entry_id);
    expect((await product(ids.moveSource)).is_deleted).toBe(0);
    await next.click();
    await confirmDialog.getByRole('button', { name: 'MOVE & DELETE' }).click();
    await acceptAlert(page, 'Product move and deleted successfully');
    await page.waitForURL(`${server.url}/`);
    expect((await product(ids.moveSource)).is_deleted).toBe(1);
    expect((await product(ids.moveTarget)).is_deleted).toBe(0);
  });

  it('runs Unapproved, Reprocessed, Unused and Problem with their refusals, then Delete; the deleted product is read-only (001 §4, §5)', async () => {
    await page.goto(`${server.url}/product?product_id=${ids.statusProduct}`);
    const status = page.locator('section[data-block="status"]');
    await toolbarButton(page, 'Unapproved').waitFor();
    // The product's own headline is not a duplicate of itself.
    const headline = byId(page, 'product_headline');
    expect(await headline.inputValue()).toBe(statusHeadline);
    await headline.focus();
    await expectNoAlertAfter(page, HEADLINE_CHECK, () => headline.press('Tab'));

    expect(await refusedProblems(page, 'Problem')).toContain('Please Enter Comment');
    expect(await refusedProblems(page, 'Unapproved')).toContain('Please Upload Product Pdf');
    await tick(page, 'use_same_process_pdf');

    for (const [button, label, code] of [['Unapproved', 'UnApproved', 2], ['Reprocessed', 'Reprocessed', 3], ['Unused', 'Unused', -1]] as const) {
      // The message names the status by its table label (UnApproved), not the button.
      await saveWith(page, button, new RegExp(`saved with status ${label}\\.`));
      await expect.poll(() => status.textContent()).toContain(label);
      expect((await product(ids.statusProduct)).product_status).toBe(code);
    }
    await byId(page, 'product_comment').fill('Mail piece is cut off.');
    await saveWith(page, 'Problem', /saved with status Problem\./);
    await expect.poll(() => status.textContent()).toContain('Problem');
    expect((await product(ids.statusProduct)).product_status).toBe(4);

    // Delete asks first: Cancel keeps the product.
    const deleteQuestion = 'Are you sure you want to delete this product?';
    await toolbarButton(page, 'Delete').click();
    await answerAlert(page, deleteQuestion, 'Cancel');
    expect((await product(ids.statusProduct)).is_deleted).toBe(0);
    await toolbarButton(page, 'Delete').click();
    await answerAlert(page, deleteQuestion, 'Delete');
    await toastShown(page, 'Product Deleted');
    await acceptAlert(page, 'Product has been deleted successfully');
    await page.waitForURL(`${server.url}/`);
    expect((await product(ids.statusProduct)).is_deleted).toBe(1);

    // Opened again: the notice, no actions but Cancel, and nothing editable.
    await page.goto(`${server.url}/product?product_id=${ids.statusProduct}`);
    const notice = page.locator('.bp6-callout', { hasText: 'Deleted product' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This product has been deleted and moved to the archive section. Contact an administrator to restore it.');
    const actions = await page.getByRole('toolbar', { name: 'Product actions' }).getByRole('button').allTextContents();
    expect(actions).toContain('Cancel');
    for (const gone of ['Approve', 'Unapproved', 'Problem', 'Reprocessed', 'Unused', 'Update', 'Delete', 'Move and delete']) expect(actions).not.toContain(gone);
    const editor = page.locator('.portal-product-editor');
    await expect.poll(() => editor.textContent()).toContain(statusHeadline);
    expect(await editor.locator('input:not([type=hidden]):enabled:not([readonly]), textarea:enabled:not([readonly]), select:enabled').count()).toBe(0);
  });

  it("shows 'Temp product has already been created' instead of Submit for an email whose product is no longer new or temp (001 §4)", async () => {
    const toolbar = page.getByRole('toolbar', { name: 'Product actions' });
    const tempText = 'Temp product has already been created';

    // Status 11 (Temp Product): still Update and Cancel.
    await page.goto(`${server.url}/addproduct/v2/${tempMuid}`);
    await toolbar.getByRole('button', { name: 'Update', exact: true }).waitFor();
    const tempActions = await toolbar.getByRole('button').allTextContents();
    expect(tempActions).toEqual(expect.arrayContaining(['Update', 'Cancel']));
    expect(tempActions).not.toContain('Approve');
    expect(await toolbar.textContent()).not.toContain(tempText);

    // Status 1 (Approved): the red notice and Cancel only.
    await page.goto(`${server.url}/addproduct/v2/${approvedMuid}`);
    const notice = toolbar.locator('.portal-temp-created');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(tempText);
    const approvedActions = await toolbar.getByRole('button').allTextContents();
    expect(approvedActions).toContain('Cancel');
    for (const gone of ['Submit', 'Update', 'Approve']) expect(approvedActions).not.toContain(gone);

    // The same Approved product on the edit route: Move and delete cannot apply, so its button is
    // disabled with the reason (001 §2).
    await page.goto(`${server.url}/product/${approvedMuid}`);
    const move = toolbarButton(page, 'Move and delete');
    await expect.poll(() => move.isDisabled()).toBe(true);
    expect(await page.locator(`[id="${await move.getAttribute('aria-describedby')}"]`).textContent()).toBe('An approved product cannot be moved and deleted.');

    // No uncaught errors and no failed requests in the whole file.
    expect(watched.problems.filter((p) => p.startsWith('pageerror') || p.startsWith('requestfailed') || /^http 5/.test(p))).toEqual([]);
  });
});
