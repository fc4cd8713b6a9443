import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { startServer, type StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { byId, refusedProblems, saveWith, select, signInAt, fillDate } from './productKit';

/**
 * A sector added as files only (the engine issue's Pet Care fixture, plus a category so the
 * editor can form a two-level chain): code-table entries, a sub-form schema, a gate and a rule.
 */
function addPetCare(dir: string): void {
  const edit = (file: string, fn: (json: { oneOf: unknown[] }) => void) => {
    const path = join(dir, file);
    const json = JSON.parse(readFileSync(path, 'utf8'));
    fn(json);
    writeFileSync(path, JSON.stringify(json, null, 2));
  };
  edit('schemas/codes/sectors.json', (t) => t.oneOf.push({ const: 9001, title: 'Pet Care', 'x-key': 'pet_care' }));
  edit('schemas/codes/categories.json', (t) => t.oneOf.push({ const: 9002, title: 'Pet Insurance', 'x-key': 'pet_insurance', 'x-parent': 9001 }));
  writeFileSync(
    join(dir, 'schemas/product/sectors/pet_care.json'),
    JSON.stringify({
      $id: 'product/sectors/pet_care',
      title: 'Pet Care',
      type: 'object',
      'x-block': { id: 'pet_care', path: 'pet_care', order: 900, hidden: 'clear', source: 'test: new sector as files only' },
      properties: {
        pet_type: { title: 'Pet Type', type: 'string', 'x-ui': { widget: 'text', order: 1 } },
        monthly_fee: { title: 'Monthly Fee', type: 'string', 'x-ui': { widget: 'text', unit: '$', order: 2 } },
        vet_network: { title: 'Vet Network', type: 'integer', enum: [0, 1], 'x-ui': { widget: 'checkbox', order: 3 } },
      },
    }),
  );
  writeFileSync(
    join(dir, 'rules/product/pet_care.json'),
    JSON.stringify({
      rules: [
        { id: 'pet_care.visible', kind: 'visible', target: 'pet_care', source: 'test', when: { chain_any: [{ var: 'sectors' }, [9001], 1] } },
        {
          id: 'pet_care.pet_type', kind: 'validate', target: 'pet_care.pet_type', actions: ['approve'], source: 'test',
          valid: { '!': { empty: { var: 'pet_care.pet_type' } } }, message: 'Please enter the pet type',
        },
      ],
    }),
  );
}

// Issue 5 "Done when": a sector added as files only appears in the editor and the summary with no
// TypeScript change (the server reads the copy through METADATA_DIR).
describe('a sector added as files only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-sector-'));
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    cpSync(join(projectRoot, 'schemas'), join(dir, 'schemas'), { recursive: true });
    cpSync(join(projectRoot, 'rules'), join(dir, 'rules'), { recursive: true });
    addPetCare(dir);
    server = await startServer({ seeded: 'demo', env: { METADATA_DIR: dir } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers the sector, shows its sub-form, runs its rule, and shows it in the summary', { timeout: 300_000 }, async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await signInAt(page, server, '/product?channel_id=14');
    await select(page, 'audience', 'Consumer');
    await fillDate(page, 'entry_date', '2024-06-03');

    expect(await page.locator('section[data-block="pet_care"]').count()).toBe(0);
    await select(page, 'sector_draft.sector', 'Pet Care');
    await select(page, 'sector_draft.category', 'Pet Insurance');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const block = page.locator('section[data-block="pet_care"]');
    await block.waitFor();
    expect(await block.getByRole('heading').first().textContent()).toBe('Pet Care');
    await byId(page, 'pet_care.monthly_fee').fill('12.50');
    await saveWith(page, 'Submit', /Product \d+ has been saved/);
    await page.waitForURL(/product_id=\d+/);
    const productId = Number(new URL(page.url()).searchParams.get('product_id'));

    // The new rule refuses approval until the pet type is entered.
    expect(await refusedProblems(page, 'Approve')).toContain('Please enter the pet type');
    await byId(page, 'pet_care.pet_type').fill('Dogs');
    expect(await refusedProblems(page, 'Approve')).not.toContain('Please enter the pet type');
    await saveWith(page, 'Update', /Product \d+ has been saved/);

    await page.goto(`${server.url}/viewproduct/-?product_id=${productId}`);
    const summary = page.locator('.portal-product-summary section[data-block="pet_care"]');
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    for (const shown of ['Pet Care', 'Pet Type', 'Dogs', 'Monthly Fee', '12.50', 'Vet Network', 'No']) expect(text).toContain(shown);
    expect(await page.locator('.portal-product-summary').textContent()).toContain('Pet Care > Pet Insurance');
    // No uncaught errors and no failed requests along the way.
    expect(problems.filter((p) => p.startsWith('pageerror') || p.startsWith('requestfailed') || /^http 5/.test(p))).toEqual([]);
    await page.close();
  });
});
