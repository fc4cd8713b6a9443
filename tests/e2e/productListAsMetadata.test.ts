import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { startServer, type StartedServer } from '../server/helpers/startServer';
import { approvableProduct } from '../server/productsKit';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { adminToken, apiAs, byId, createProductApi, refusedProblems, saveWith, signInAt } from './productKit';

const PHONE_MESSAGE = 'Contact phone numbers look like 555-1234';

/**
 * A list field added as files only: `contact_phones` (objects with a label and a number) in the
 * Comment block's schema, and an item rule on its numbers. No x-ui widget is named: the registry
 * picks the generic list for an array of objects.
 */
function addContactPhones(dir: string): void {
  const file = join(dir, 'schemas/product/sections/comment.json');
  const block = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, unknown> };
  block.properties.contact_phones = {
    type: 'array',
    title: 'Contact Phones',
    items: {
      type: 'object',
      properties: {
        phone_label: { type: 'string', title: 'Phone Label', 'x-ui': { order: 1 } },
        phone_number: { type: 'string', title: 'Phone Number', 'x-ui': { order: 2 } },
      },
    },
    'x-ui': { order: 2 },
  };
  writeFileSync(file, JSON.stringify(block, null, 2));
  writeFileSync(
    join(dir, 'rules/product/contact_phones.json'),
    JSON.stringify({
      rules: [
        {
          id: 'contact_phones.number_format', kind: 'validate', target: 'contact_phones.*.phone_number', actions: ['save', 'approve'], source: 'test: a list field as files only',
          valid: { matches: [{ var: 'phone_number' }, '^\\d{3}-\\d{4}$'] }, message: PHONE_MESSAGE,
        },
      ],
    }),
  );
}

// Issue 16 "Done when": a new list field added as metadata only is edited, validated and summarised
// in the browser (the server reads the copy through METADATA_DIR; no TypeScript names the field).
describe('a list field added as files only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-list-'));
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    cpSync(join(projectRoot, 'schemas'), join(dir, 'schemas'), { recursive: true });
    cpSync(join(projectRoot, 'rules'), join(dir, 'rules'), { recursive: true });
    addContactPhones(dir);
    server = await startServer({ seeded: 'empty', env: { METADATA_DIR: dir } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
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
    expect(await refusedProblems(page, 'Update')).toContain(PHONE_MESSAGE);
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
