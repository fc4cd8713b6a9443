import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { phoneMessage } from './helpers/alteredMetadata';
import { sharedServer } from './helpers/sharedServers';
import { approvableProduct } from '../server/productsKit';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { adminToken, apiAs, byId, createProductApi, refusedProblems, saveWith, signInAt } from './productKit';

// Issue 16 "Done when": a new list field added as metadata only is edited, validated and summarised
// in the browser (the server reads the copy through METADATA_DIR; no TypeScript names the field).
describe('a list field added as files only', () => {
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    // The shared portal whose metadata adds `contact_phones` (objects with a label and a number) to
    // the Comment block, with an item rule on its numbers and no x-ui widget named: the registry
    // picks the generic list for an array of objects (alteredMetadata.ts).
    server = sharedServer('alteredMetadata');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('edits the list through its path, refuses a save by its item rule, stores it and shows it in the summary', { timeout: 300_000 }, async () => {
    const token = await adminToken(server);
    const id = await createProductApi(server, token, approvableProduct());
    const { page, problems } = await openWatchedPage(browser.context);
    await signInAt(page, server, `/product?product_id=${id}`);

    const block = page.locator('section[data-block="comment"]');
    const list = block.locator('[id="contact_phones"]');
    await list.waitFor();
    expect(await list.locator('thead').textContent()).toContain('Phone Number');
    await block.getByRole('button', { name: 'Add', exact: true }).click();
    await block.getByRole('button', { name: 'Add', exact: true }).click();
    await byId(page, 'contact_phones.0.phone_label').fill('Office');
    await byId(page, 'contact_phones.0.phone_number').fill('5551234');
    await byId(page, 'contact_phones.1.phone_label').fill('Branch');
    await byId(page, 'contact_phones.1.phone_number').fill('555-9876');

    // Validated: the item rule refuses the first number, by the message in the metadata.
    expect(await refusedProblems(page, 'Update')).toContain(phoneMessage);
    await byId(page, 'contact_phones.0.phone_number').fill('555-1234');
    // Reordered and removed through the same onChange: Branch moves up, then the Office row goes.
    await list.getByRole('button', { name: 'Up' }).nth(1).click();
    expect(await byId(page, 'contact_phones.0.phone_label').inputValue()).toBe('Branch');
    await saveWith(page, 'Update', /Product \d+ has been saved/);

    const stored = (await apiAs<{ payload: Record<string, unknown> }>(server, token, `/api/product/${id}`)).payload;
    expect(stored.contact_phones).toEqual([
      { phone_label: 'Branch', phone_number: '555-9876' },
      { phone_label: 'Office', phone_number: '555-1234' },
    ]);

    // Summarised: the read mode of the same registry entry.
    await page.goto(`${server.url}/viewproduct/-?product_id=${id}`);
    const summary = page.locator('.portal-product-summary section[data-block="comment"]');
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    for (const shown of ['Contact Phones', 'Phone Label', 'Phone Number', 'Branch', '555-9876', 'Office', '555-1234']) expect(text).toContain(shown);
    expect(problems.filter((p) => p.startsWith('pageerror') || p.startsWith('requestfailed') || /^http 5/.test(p))).toEqual([]);
    await page.close();
  });
});
