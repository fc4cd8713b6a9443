import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StartedServer } from '../server/helpers/startServer';
import { sharedServer } from './helpers/sharedServers';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { addSectorChainButton, adminToken, apiAs, byId, expectToast, fillDate, saveWith, searchAndPick, select, signInAt, toastShown } from './productKit';
import { focusInPopover } from './helpers/dialogFocus';

interface Panelist { panelist_id: number; first_name: string; last_name: string; stateID: number | null }
interface Company { companyID: number; companyName: string; co_states: number[] }

const SHOTS = process.env.PRODUCT_WORKFLOW_SHOTS;
const tinyPdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

// Issue 13 "Done when": the editor behaviour 001 §4-§5 names, one server and one browser for all cases.
describe('product editor workflow (issue 13)', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let token: string;
  let panelists: Panelist[];
  let company: Company;

  beforeAll(async () => {
    server = sharedServer('empty');
    browser = await launchBrowser();
    token = await adminToken(server);
    panelists = (await apiAs<{ payload: Panelist[] }>(server, token, '/api/panelists/er')).payload;
    company = (await apiAs<{ payload: Company[] }>(server, token, '/api/data/company', { get_company: 'an' })).payload.find((c) => !c.co_states?.length)!;
    page = (await openWatchedPage(browser.context)).page;
    await page.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = async (name: string) => {
    if (!SHOTS) return;
    for (const [w, h] of [[1440, 900], [1366, 768]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };

  it('saves a Direct Mail product with two panelists of different dates without touching the entry date', async () => {
    await signInAt(page, server, '/product?channel_id=1&ec_content_type=direct');
    await select(page, 'audience', 'Consumer');
    await select(page, 'dm_tm_source', (await byId(page, 'dm_tm_source').locator('option').nth(1).textContent())!);
    // The date picker (caption, navigation, day grid) is drawn with Blueprint's datetime styles.
    await byId(page, 'entry_date').click();
    const picker = page.locator('.bp6-datepicker').first();
    await picker.waitFor();
    expect(await picker.evaluate((el) => getComputedStyle(el.querySelector('.rdp') ?? el).getPropertyValue('--rdp-cell-size').trim())).not.toBe('');
    await shot('date-picker');
    await page.keyboard.press('Escape');
    const [a, b] = [panelists[0]!, panelists.find((p) => p.panelist_id !== panelists[0]!.panelist_id)!];
    await fillDate(page, 'panelist_draft.pp_date', '2024-03-10');
    await searchAndPick(page, 'panelist-search', a.last_name, new RegExp(String(a.panelist_id)));
    await fillDate(page, 'panelist_draft.pp_date', '2024-03-04');
    await searchAndPick(page, 'panelist-search', b.last_name, new RegExp(String(b.panelist_id)));
    await expect.poll(() => page.getByRole('table', { name: 'Panelists' }).locator('tbody tr').count()).toBe(2);
    // 001 §5 refuses a panelist date older than the entry date: the entry date follows the earliest one.
    await expect.poll(() => byId(page, 'entry_date').inputValue()).toBe('03/04/2024');
    await shot('two-panelists');
    // Why? tells the truth: the action a star belongs to, and why a hidden block is hidden.
    await page.getByRole('button', { name: 'Why? (entry_date)' }).click();
    await expect.poll(() => page.getByTestId('why-panel').textContent()).toContain('Entry Date required to save');
    await focusInPopover(page);
    await page.keyboard.press('Escape');
    await page.getByText(/^Hidden \(\d+\)$/).click();
    await page.getByRole('list', { name: 'Hidden sections' }).getByRole('button', { name: 'Why? (credit_card)' }).click();
    await expect.poll(() => page.getByTestId('why-panel').textContent()).toMatch(/Credit Card hidden: rule \S+/);
    await shot('why-hidden-block');
    await focusInPopover(page);
    await page.keyboard.press('Escape');
    await saveWith(page, 'Submit', /Product \d+ has been saved/);
    await page.waitForURL(/product_id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('product_id'));
    const stored = (await apiAs<{ payload: { entry_date: string; panelists: unknown[] } }>(server, token, `/api/product/${id}`)).payload;
    expect(stored.entry_date).toBe('2024-03-04');
    expect(stored.panelists).toHaveLength(2);
  });

  it('regenerates the headline of a digital channel 5 product from its company and product name', async () => {
    await page.goto(`${server.url}/product?channel_id=5`);
    await searchAndPick(page, 'company-search', company.companyName.slice(0, 8), company.companyName);
    await byId(page, 'product_name').fill('Gold Card');
    await expect.poll(() => byId(page, 'product_headline').inputValue()).toBe(`${company.companyName} Gold Card`);
    // A headline typed afterwards is kept; a new product name regenerates it.
    await byId(page, 'product_headline').fill('Earn 2% back');
    await byId(page, 'audience').focus();
    expect(await byId(page, 'product_headline').inputValue()).toBe('Earn 2% back');
    await byId(page, 'product_name').fill('Platinum Card');
    await expect.poll(() => byId(page, 'product_headline').inputValue()).toBe(`${company.companyName} Platinum Card`);
    // Channel 3 (email) keeps what the editor typed.
    await select(page, 'media_channel', 'Email');
    await byId(page, 'product_headline').fill('Email headline');
    await byId(page, 'product_name').fill('Silver Card');
    await byId(page, 'audience').focus();
    expect(await byId(page, 'product_headline').inputValue()).toBe('Email headline');
  });

  it('gives back the typed headline when the channel passes through a digital one and returns', async () => {
    await page.goto(`${server.url}/product?channel_id=1&ec_content_type=direct`);
    await searchAndPick(page, 'company-search', company.companyName.slice(0, 8), company.companyName);
    await byId(page, 'product_name').fill('Gold Card');
    await byId(page, 'product_headline').fill('Our best checking offer');
    await byId(page, 'audience').focus();
    await select(page, 'media_channel', 'Online Display');
    await expect.poll(() => byId(page, 'product_headline').inputValue()).toBe(`${company.companyName} Gold Card`);
    await select(page, 'media_channel', 'Online Video');
    await select(page, 'media_channel', 'Direct Mail');
    await expect.poll(() => byId(page, 'product_headline').inputValue()).toBe('Our best checking offer');
    // A headline typed while on a digital channel is the editor's: leaving keeps it.
    await select(page, 'media_channel', 'Online Display');
    await byId(page, 'product_headline').fill('Typed on display');
    await byId(page, 'audience').focus();
    await select(page, 'media_channel', 'Print');
    await byId(page, 'audience').focus();
    expect(await byId(page, 'product_headline').inputValue()).toBe('Typed on display');
  });

  it('adds a promotion with Add Promotion; the form takes company and product type from the section, its buttons below its fields', async () => {
    await page.goto(`${server.url}/product?channel_id=1&ec_content_type=direct`);
    await searchAndPick(page, 'company-search', company.companyName.slice(0, 8), company.companyName);
    await select(page, 'sector_draft.sector', 'Retail');
    await select(page, 'sector_draft.category', 'Apparel');
    await addSectorChainButton(page).click();
    const section = page.locator('section[data-block="promotion"]');
    await section.waitFor();
    const add = section.getByRole('button', { name: 'Add Promotion' });
    expect(await add.isDisabled()).toBe(true);
    await select(page, 'promotion.promotion_company', company.companyName);
    await select(page, 'promotion.product_type', 'Apparel');
    // Choosing them no longer opens the form by itself: Add Promotion does.
    expect(await page.locator('section[data-block="promotion_form"]').count()).toBe(0);
    await add.click();
    const form = page.locator('section[data-block="promotion_form"]');
    await form.waitFor();
    expect(await add.count()).toBe(0);
    // Company and product type come from the section, drawn as text.
    await expect.poll(() => form.textContent()).toContain(company.companyName);
    expect(await form.locator('[id="promotion.form.promotion_company"]').count()).toBe(0);
    const save = form.getByRole('button', { name: 'Save Promotion' });
    const lastField = (await form.locator('[id="promotion.form.bogo"]').boundingBox())!;
    expect((await save.boundingBox())!.y).toBeGreaterThan(lastField.y);
    await shot('promotion-form');
    await save.click();
    await toastShown(page, 'Please select promotion type!');
    // The field the toast is about has the focus: the next key chooses the type.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('promotion.form.promotion_type');
    await expectToast(page, 'Please select promotion type!');
    await select(page, 'promotion.form.promotion_type', (await byId(page, 'promotion.form.promotion_type').locator('option').nth(1).textContent())!);
    await byId(page, 'promotion.form.discount_value').fill('20%');
    await save.click();
    await expect.poll(() => page.getByRole('table', { name: 'Promotions' }).locator('tbody tr').count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Promotions' }).locator('tbody tr').textContent()).toContain(company.companyName);
    await form.waitFor({ state: 'detached' });
    // Cancel closes a form opened by mistake and keeps the list; the saved promotion's values are not in it.
    await add.click();
    await form.waitFor();
    expect(await byId(page, 'promotion.form.promotion_type').evaluate((s) => (s as HTMLSelectElement).selectedIndex)).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await page.getByRole('table', { name: 'Promotions' }).locator('tbody tr').count()).toBe(1);
  });

  it('uploads the PDF of a new product before its first save; Use Process PDF only for email content', async () => {
    await page.goto(`${server.url}/product?channel_id=3&ec_content_type=email`);
    await page.locator('section[data-block="media"]').waitFor();
    await expect.poll(() => byId(page, 'use_same_process_pdf').count()).toBe(1);
    await page.goto(`${server.url}/product?channel_id=1&ec_content_type=direct`);
    await page.locator('section[data-block="media"]').waitFor();
    expect(await byId(page, 'use_same_process_pdf').count()).toBe(0);
    await select(page, 'audience', 'Consumer');
    await select(page, 'dm_tm_source', (await byId(page, 'dm_tm_source').locator('option').nth(1).textContent())!);
    await fillDate(page, 'panelist_draft.pp_date', '2024-04-02');
    await searchAndPick(page, 'panelist-search', panelists[0]!.last_name, new RegExp(String(panelists[0]!.panelist_id)));
    await page.getByLabel('Product media file').setInputFiles({ name: 'offer.pdf', mimeType: 'application/pdf', buffer: tinyPdf });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => page.locator('.portal-upload-current').textContent()).toContain('offer.pdf');
    await shot('upload-before-save');
    await saveWith(page, 'Submit', /Product \d+ has been saved/);
    await page.waitForURL(/product_id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('product_id'));
    const stored = (await apiAs<{ payload: Record<string, unknown> }>(server, token, `/api/product/${id}`)).payload;
    expect(stored).toMatchObject({ product_pdf: `/api/download/${id}`, file_name: 'offer.pdf', document_size_byte: tinyPdf.length });
    expect(stored.staged_upload).toBeUndefined();
    const file = await fetch(`${server.url}/api/download/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await file.arrayBuffer()).equals(tinyPdf)).toBe(true);
    await expect.poll(() => page.locator('.portal-upload-current').textContent()).toContain('Current file');
  });
});
