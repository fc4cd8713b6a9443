import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleChangesResponse } from '../../src/api/rulesTypes';
import { projectRoot } from '../../src/server/paths';
import { startServer, type StartedServer } from '../server/helpers/startServer';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { adminToken, apiAs, signInAt } from './productKit';

type Obj = Record<string, unknown>;
const visibility = 'rules/product/visibility.json';

/**
 * Issue 30 item 4: the Rule changes screen under `portal dev` on a git repository of the metadata.
 * A gate change reads as `rules diff` says it and lists the products it affects (each opens in the
 * editor); a description-only change is one wording line and affects nothing; two commits compare too.
 */
describe('the Rule changes screen', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-rule-changes-'));
  const original = readFileSync(join(projectRoot, visibility), 'utf8');
  let server: StartedServer;
  let browser: TestBrowser;
  let token: string;
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
  const editRule = (id: string, set: Obj) => {
    const json = JSON.parse(readFileSync(join(dir, visibility), 'utf8')) as { rules: Obj[] };
    Object.assign(json.rules.find((r) => r.id === id)!, set);
    writeFileSync(join(dir, visibility), JSON.stringify(json, null, 2));
  };
  const list = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
  const rowsOf = async (page: Page, name: string) => (await list(page, name).getByRole('row').allInnerTexts()).slice(1).map((t) => t.replace(/\s+/g, ' ').trim());
  /** Opens the screen afresh (the files changed on disk) and waits for the review to be drawn. */
  const open = async (page: Page, query = '') => {
    await page.goto(`${server.url}/rulechanges${query}`);
    await page.getByRole('heading', { name: 'What changed' }).waitFor();
  };

  beforeAll(async () => {
    for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(dir, sub), { recursive: true });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'metadata as shipped');
    server = await startServer({ seeded: 'empty', command: 'dev', env: { METADATA_DIR: dir } });
    browser = await launchBrowser();
    token = await adminToken(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a gate change in the CLI\'s words with the products it affects, each opening in the editor', { timeout: 300_000 }, async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await signInAt(page, server, '/rulechanges');
    await page.getByRole('heading', { name: 'What changed' }).waitFor();
    await page.getByText('Nothing but formatting differs: no field, block, rule, message, code or text changed.').waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('HEAD');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('disk');

    // The Delivery gate also opens for Print (media channel 2).
    const gate = JSON.parse(original).rules.find((r: Obj) => r.id === 'delivery.visible').when;
    editRule('delivery.visible', { when: { and: [{ in: [{ var: 'media_channel' }, ['direct_mail', 'print']] }, gate.and[1]] } });
    const report = await apiAs<RuleChangesResponse>(server, token, '/api/rules/diff?from=HEAD&to=disk');
    await open(page);
    expect(await rowsOf(page, 'What changed')).toEqual([
      'Rule delivery.visible (visible) changed spec: 002 §2 Delivery; 002 §9 — rules/product/visibility.json ' +
        'Delivery shows when Media Channel is Direct Mail (1) and Audience is one of Consumer (1), Employee / Business Owner (2), Consumer and Business (5) ' +
        'Delivery shows when Media Channel is one of Direct Mail (1), Print (2) and Audience is one of Consumer (1), Employee / Business Owner (2), Consumer and Business (5) ' +
        'condition (when) changed',
    ]);
    expect(report.changes.map((c) => c.summary)).toEqual(['Rule delivery.visible (visible) changed']);

    // The impact as the report counts it, and every product that would stop being approvable.
    const lost = report.impact!.approvableLost;
    expect(lost.length).toBeGreaterThan(0);
    await page.getByText(`${report.impact!.total.products} products checked under both versions (save and approve)`).waitFor();
    expect(await rowsOf(page, 'Impact on stored products')).toContain(
      `Would stop being approvable ${lost.length} ${((100 * lost.length) / report.impact!.total.products).toFixed(1)}% ${lost.slice(0, 5).map((p) => `Product ${p.id}`).join(' ')}`,
    );
    const products = await rowsOf(page, 'Products to look at');
    expect(products.filter((r) => r.includes('Would stop being approvable'))).toEqual(lost.map((p) => `Product ${p.id} Would stop being approvable ${p.statusTitle} ${p.sectorTitle} ${p.errors.map((e) => e.message).join(' ')}`));

    // A row opens its product in the editor, where the widened gate now shows Delivery.
    await list(page, 'Products to look at').getByRole('link', { name: `Product ${lost[0].id}`, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/product' && u.searchParams.get('product_id') === lost[0].id);
    await page.getByRole('heading', { name: `Product ${lost[0].id}` }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows a description-only change as one wording line that affects no product', { timeout: 300_000 }, async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    writeFileSync(join(dir, visibility), original);
    editRule('banking.visible', { description: 'Reworded while reviewing.' });
    await open(page);
    await page.getByRole('heading', { name: 'Wording only (1)' }).waitFor();
    expect(await rowsOf(page, 'Wording only')).toEqual(['Rule banking.visible (visible): wording of the description changed rules/product/visibility.json']);
    expect(await list(page, 'What changed').count()).toBe(0);
    expect((await rowsOf(page, 'Impact on stored products'))[0]).toBe('Anything 0 0.0%');
    await page.getByText('No stored product changes under the new version.').waitFor();
    expect(problems).toEqual([]);
  });

  it("shows a screen's reworded text (a dashboard file's messages) with both texts, affecting no product", { timeout: 300_000 }, async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    writeFileSync(join(dir, visibility), original);
    const emails = 'schemas/dashboards/emails.json';
    const shipped = readFileSync(join(dir, emails), 'utf8');
    const json = JSON.parse(shipped) as { messages: Obj };
    json.messages.noRecords = 'No emails match';
    writeFileSync(join(dir, emails), JSON.stringify(json, null, 2));
    try {
      await open(page);
      await page.getByRole('heading', { name: 'What changed' }).waitFor();
      await expect.poll(() => rowsOf(page, 'What changed')).toEqual([`Text messages.noRecords of ${emails} changed ${emails} “No Records” “No emails match”`]);
      expect((await rowsOf(page, 'Impact on stored products'))[0]).toBe('Anything 0 0.0%');
      expect(problems).toEqual([]);
    } finally {
      writeFileSync(join(dir, emails), shipped);
    }
  });

  it('compares two commits of the metadata repository', { timeout: 300_000 }, async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    writeFileSync(join(dir, visibility), original);
    editRule('delivery.visible', { description: 'Committed rewording.' });
    git('commit', '-q', '-am', 'reword the Delivery gate');
    const shipped = git('rev-list', '--max-parents=0', 'HEAD').trim();
    await open(page, `?from=${shipped}&to=HEAD`);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(shipped);
    await page.getByRole('heading', { name: 'Wording only (1)' }).waitFor();
    expect(await rowsOf(page, 'Wording only')).toEqual(['Rule delivery.visible (visible): wording of the description changed rules/product/visibility.json']);
    // The files on disk are the last commit: nothing differs.
    await page.getByLabel('From', { exact: true }).selectOption('HEAD');
    await page.getByLabel('To', { exact: true }).selectOption('disk');
    await page.getByText('Nothing but formatting differs: no field, block, rule, message, code or text changed.').waitFor();
    expect(problems).toEqual([]);
  });
});
