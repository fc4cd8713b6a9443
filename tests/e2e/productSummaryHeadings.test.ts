import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { approvableProduct } from '../server/productsKit';
import { sharedServer } from './helpers/sharedServers';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { signInByApi } from './helpers/signIn';
import { adminPassword, adminToken, createProductApi } from './productKit';

// The read-only summary leaves out fields without a value; a sub-heading (x-ui.heading) whose
// fields were all empty stayed, alone ("Pricing" with nothing under it, then the next heading).
describe('the product summary: sub-headings', () => {
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = sharedServer('empty');
    browser = await launchBrowser();
    await signInByApi(browser.context, server.url, 'admin', adminPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('hides a sub-heading whose fields are all empty until "Show empty fields" is on', { timeout: 120_000 }, async () => {
    const token = await adminToken(server);
    const id = await createProductApi(
      server,
      token,
      approvableProduct({
        product_headline: 'Summary headings: a telecom plan without pricing',
        sectors: [[{ id: 9, name: 'Telecomm', sequence: 1, sectorWorksiteVoluntary: 0 }, { id: 1041, name: 'Wireless', sequence: 2, sectorWorksiteVoluntary: 0 }]],
        // General Details and Introductory Pricing hold a value; Pricing holds none.
        telecom: { telecom_featured_plan_name: 'Unlimited Talk', telecom_introductory_period_months: '6' },
      }),
    );
    const { page, problems } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/viewproduct/-?product_id=${id}`);
    const block = page.locator('.portal-product-summary section[data-block="telecom"]');
    await block.getByText('Unlimited Talk').waitFor();
    const headings = block.locator('.portal-summary-heading');
    const shown = () => headings.evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.textContent));
    expect(await shown()).toEqual(['General Details', 'Introductory Pricing']);
    // Each shown heading is directly above its own fields: Introductory Period under Introductory Pricing.
    const top = async (text: string) => (await block.getByText(text, { exact: true }).boundingBox())!.y;
    expect(await top('Introductory Pricing')).toBeLessThan(await top('Introductory Period'));
    expect(await top('Featured Plan Name')).toBeLessThan(await top('Introductory Pricing'));

    await page.getByText('Show empty fields').click();
    await expect.poll(shown).toEqual(['General Details', 'Pricing', 'Introductory Pricing']);
    expect(await top('Pricing')).toBeLessThan(await top('Monthly Cost'));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('names the credit card promotional offer in the summary ("Promotional Offer: Yes", not "Yes: Yes"); the editor\'s box stays labelled Yes', { timeout: 120_000 }, async () => {
    const token = await adminToken(server);
    const id = await createProductApi(
      server,
      token,
      approvableProduct({
        product_headline: 'Summary labels: a credit access offer with a promotion',
        sectors: [[{ id: 90, name: 'Credit Card', sequence: 1, sectorWorksiteVoluntary: 0 }, { id: 179, name: 'Credit Access Offer', sequence: 2, sectorWorksiteVoluntary: 0 }]],
        credit_card: { promotional_offer: 1, balance_transfer_introductory_apr_tier1: '0' },
      }),
    );
    const { page, problems } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/viewproduct/-?product_id=${id}`);
    const block = page.locator('.portal-product-summary section[data-block="credit_card"]');
    const row = block.locator('.portal-summary-row').filter({ has: page.locator('.portal-summary-label', { hasText: 'Promotional Offer' }) });
    await row.waitFor();
    expect(await row.locator('.portal-summary-value').textContent()).toBe('Yes');
    expect(await block.locator('.portal-summary-label').allTextContents()).not.toContain('Yes');

    // 002 §3: in the editor the box itself is labelled Yes, under the field's name.
    await page.goto(`${server.url}/product?product_id=${id}`);
    const cell = page.locator('[data-field="credit_card.promotional_offer"]');
    await cell.waitFor();
    expect(await cell.locator('label.bp6-control:has([id="credit_card.promotional_offer"])').textContent()).toBe('Yes');
    expect(await cell.locator('label.bp6-label').textContent()).toContain('Promotional Offer');
    expect(await page.locator('[id="credit_card.promotional_offer"]').isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows an energy offer price as entered: a price per kWh, not an amount of energy ("0.119", not "0.119 kWh")', { timeout: 120_000 }, async () => {
    const token = await adminToken(server);
    const id = await createProductApi(
      server,
      token,
      approvableProduct({
        product_headline: 'Summary units: an electricity offer',
        sectors: [[{ id: 315, name: 'Energy', sequence: 1, sectorWorksiteVoluntary: 0 }, { id: 1061, name: 'Electricity', sequence: 2, sectorWorksiteVoluntary: 0 }]],
        energy: { energy_offer_price: '0.119' },
      }),
    );
    const { page, problems } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/viewproduct/-?product_id=${id}`);
    const row = page.locator('.portal-product-summary section[data-block="energy"] .portal-summary-row').filter({ has: page.locator('.portal-summary-label', { hasText: 'Offer Price per kWh (Offer 1)' }) });
    await row.waitFor();
    expect(await row.locator('.portal-summary-value').textContent()).toBe('0.119');
    expect(problems).toEqual([]);
    await page.close();
  });
});
