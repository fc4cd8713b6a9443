import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { sharedServer } from './helpers/sharedServers';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { acceptAlert, addSectorChainButton, adminToken, apiAs, byId, expectToast, fillDate, refusedProblems, saveWith, searchAndPick, select, signInAt, tick } from './productKit';

interface Panelist { panelist_id: number; first_name: string; last_name: string; stateID: number | null }
interface Company { companyID: number; companyName: string; co_states: number[] }

// Issue 5 "Done when": a product from nothing to Approved through the UI (credit card with its
// promotional block), every refused action's exact message (001 §4-§5, §8), then reload and the summary.
describe('product editor: credit card product from nothing to Approved', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let panelist: Panelist;
  let company: Company;

  beforeAll(async () => {
    server = sharedServer('demo');
    browser = await launchBrowser();
    const token = await adminToken(server);
    const panelists = await apiAs<{ payload: Panelist[] }>(server, token, '/api/panelists/an');
    panelist = panelists.payload.find((p) => p.stateID)!;
    const companies = await apiAs<{ payload: Company[] }>(server, token, '/api/data/company', { get_company: 'an' });
    company = companies.payload.find((c) => !c.co_states?.length) ?? companies.payload[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses each step with the spec message, saves, approves, and shows it after a reload and in the summary', { timeout: 300_000 }, async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await signInAt(page, server, '/product?channel_id=3&ec_content_type=email');
    await expect.poll(() => byId(page, 'media_channel').inputValue()).not.toBe('');

    // Save with nothing: the save rules list the missing fields.
    expect(await refusedProblems(page, 'Submit')).toEqual(expect.arrayContaining(['Audience', 'Entry Date']));
    await select(page, 'audience', 'Consumer');
    expect(await refusedProblems(page, 'Submit')).toEqual(expect.arrayContaining(['Panelist']));

    // Panelist picker: date first, then duplicates refused.
    await searchAndPick(page, 'panelist-search', panelist.last_name, new RegExp(String(panelist.panelist_id)));
    await acceptAlert(page, 'Please choose date.');
    await fillDate(page, 'panelist_draft.pp_date', '2024-05-01');
    await searchAndPick(page, 'panelist-search', panelist.last_name, new RegExp(String(panelist.panelist_id)));
    await expect.poll(() => page.getByRole('table', { name: 'Panelists' }).locator('tbody tr').count()).toBe(1);
    await searchAndPick(page, 'panelist-search', panelist.last_name, new RegExp(String(panelist.panelist_id)));
    await expectToast(page, 'Panelist already selected!');
    // Adding the panelist set the entry date to its date (derive rule with $prev).
    await expect.poll(() => byId(page, 'entry_date').inputValue()).toBe('05/01/2024');

    // Company search: duplicates refused.
    await searchAndPick(page, 'company-search', company.companyName.slice(0, 6), company.companyName);
    await searchAndPick(page, 'company-search', company.companyName.slice(0, 6), company.companyName);
    await acceptAlert(page, 'You are selecting already selected company.');
    await expect.poll(() => page.getByRole('table', { name: 'Companies' }).locator('tbody tr').count()).toBe(1);

    // Sector combination editor.
    await addSectorChainButton(page).click();
    await expectToast(page, 'Please select Sector and Category!');
    await select(page, 'sector_draft.sector', 'Credit Card');
    await select(page, 'sector_draft.category', 'Credit Access Offer');
    await addSectorChainButton(page).click();
    await expectToast(page, 'Please add product name!');
    await byId(page, 'product_name').fill('Platinum Rewards Visa');
    await addSectorChainButton(page).click();
    await expect.poll(() => page.getByRole('table', { name: 'Sector combinations' }).textContent()).toContain('Credit Card > Credit Access Offer');
    await select(page, 'sector_draft.sector', 'Credit Card');
    await select(page, 'sector_draft.category', 'Credit Access Offer');
    await addSectorChainButton(page).click();
    await expectToast(page, 'Selected sector/category/subcategory combination already exist!');

    // The credit card block and, once promotional_offer is checked, its promotional block.
    await page.locator('section[data-block="credit_card"]').waitFor();
    expect(await page.locator('section[data-block="credit_card_promotional"]').count()).toBe(0);
    await tick(page, 'credit_card.promotional_offer');
    await page.locator('section[data-block="credit_card_promotional"]').waitFor();
    await byId(page, 'credit_card.balance_transfer_introductory_apr_tier1').fill('0.99');

    // Offer expiry older than the entry date: alert on change, refused on save.
    await fillDate(page, 'offer_expiry_date', '2024-04-01');
    await acceptAlert(page, "Offer expiry date shouldn't be older than entry date.");
    expect(await refusedProblems(page, 'Submit')).toContain('Offer Expiry date 2024-04-01 cannot be older than Entry Date 2024-05-01');
    await fillDate(page, 'offer_expiry_date', '2024-07-01');

    await saveWith(page, 'Submit', /Product \d+ has been saved/);
    await page.waitForURL(/product_id=\d+/);
    const productId = Number(new URL(page.url()).searchParams.get('product_id'));

    // Status actions: Problem needs a comment; Approve lists what approval needs.
    await page.getByRole('toolbar', { name: 'Product actions' }).getByRole('button', { name: 'Approve', exact: true }).waitFor();
    expect(await refusedProblems(page, 'Problem')).toContain('Please Enter Comment');
    const approveProblems = await refusedProblems(page, 'Approve');
    expect(approveProblems).toEqual(expect.arrayContaining(['Please Upload Product Pdf', 'Product Image', 'Product Headline', 'Mailing Type']));

    await tick(page, 'use_same_process_pdf');
    await byId(page, 'product_image').fill('/favicon.svg');
    await byId(page, 'product_headline').fill('0.99% intro APR on balance transfers');
    await select(page, 'mailing_type', (await byId(page, 'mailing_type').locator('option').nth(1).textContent())!);
    const more = await refusedProblems(page, 'Approve').catch(() => [] as string[]);
    if (more.includes('Offer Origin')) await select(page, 'offer_origin', (await byId(page, 'offer_origin').locator('option').nth(1).textContent())!);
    await byId(page, 'product_comment').fill('Checked against the mail piece.');
    await saveWith(page, 'Approve', /saved with status Approve/);
    await expect.poll(() => page.locator('section[data-block="status"]').textContent()).toContain('Approved');

    // Reload: everything entered is back.
    await page.reload();
    await expect.poll(() => byId(page, 'product_name').inputValue()).toBe('Platinum Rewards Visa');
    expect(await byId(page, 'credit_card.balance_transfer_introductory_apr_tier1').inputValue()).toBe('0.99');
    expect(await page.getByRole('table', { name: 'Panelists' }).textContent()).toContain(panelist.last_name);

    // The read-only summary.
    await page.goto(`${server.url}/viewproduct/-?product_id=${productId}`);
    const summary = page.locator('.portal-product-summary');
    await summary.locator('section[data-block="credit_card_promotional"]').waitFor();
    const text = (await summary.textContent()) ?? '';
    for (const shown of ['Platinum Rewards Visa', '0.99% intro APR on balance transfers', 'Credit Card > Credit Access Offer', 'Approved', company.companyName, panelist.last_name, '0.99', 'Checked against the mail piece.', 'Consumer', 'Email']) {
      expect(text).toContain(shown);
    }
    // Yes/No: promotional offer checked shows Yes.
    expect(await summary.locator('section[data-block="credit_card"]').textContent()).toMatch(/Yes/);
    // No uncaught errors and no failed requests along the way.
    expect(problems.filter((p) => p.startsWith('pageerror') || p.startsWith('requestfailed') || /^http 5/.test(p))).toEqual([]);
    await page.close();
  });
});

