import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { sharedServer } from './helpers/sharedServers';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { addSectorChainButton, byId, fillDate, refusedProblems, saveWith, select, signInAt } from './productKit';

// Issue 5 "Done when": a sector added as files only appears in the editor and the summary with no
// TypeScript change (the server reads the copy through METADATA_DIR).
describe('a sector added as files only', () => {
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    // The shared portal whose metadata adds Pet Care (the engine issue's fixture, plus a category so
    // the editor can form a two-level chain): code-table entries, a sub-form schema, a gate and a rule
    // (alteredMetadata.ts).
    server = sharedServer('alteredMetadata');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('offers the sector, shows its sub-form, runs its rule, and shows it in the summary', { timeout: 300_000 }, async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await signInAt(page, server, '/product?channel_id=14');
    await select(page, 'audience', 'Consumer');
    await fillDate(page, 'entry_date', '2024-06-03');

    expect(await page.locator('section[data-block="pet_care"]').count()).toBe(0);
    await select(page, 'sector_draft.sector', 'Pet Care');
    await select(page, 'sector_draft.category', 'Pet Insurance');
    await addSectorChainButton(page).click();
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
