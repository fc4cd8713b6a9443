import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StartedServer } from '../server/helpers/startServer';
import { sharedServer } from './helpers/sharedServers';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { adminPassword, adminToken, createProductApi, signInAt, toolbarButton } from './productKit';
import { makePdf, numberedPages } from '../server/helpers/makePdf';
import { focusInPopover } from './helpers/dialogFocus';

// Issue 13: the editor's layout for long forms. The same full Credit Card + Delivery product
// (tests/e2e/fixtures) is measured at 1440x900; before the grid it was 12,712 px tall
// (docs/decisions/editor-layout.md), and the grid must at least halve it.
const HEIGHT_BEFORE = 12_712;
const fixture = JSON.parse(readFileSync(new URL('./fixtures/creditCardDeliveryProduct.json', import.meta.url), 'utf8')) as Record<string, unknown>;
// Issue 27 item 10: the trial's Direct Mail product (100251 when this file runs first on the seeded
// data: the first product added after the demo's 250), ~7,000 px tall at 1440x900 before.
const trialProduct = JSON.parse(readFileSync(new URL('./fixtures/directMailTrialProduct.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const TRIAL_HEIGHT_MAX = 4_500;
const SHOTS = process.env.PRODUCT_LAYOUT_SHOTS;

/** Height of the editor with every block laid out (content-visibility would estimate the off-screen ones). */
async function editorHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = '.portal-block-edit, .portal-block-read { content-visibility: visible !important; }';
    document.head.append(style);
    const h = document.querySelector('.portal-product-editor')!.getBoundingClientRect().height;
    style.remove();
    return Math.round(h);
  });
}

describe('product editor layout', () => {
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let productId: number;
  let trialId: number;

  beforeAll(async () => {
    server = sharedServer('empty');
    browser = await launchBrowser();
    const token = await adminToken(server);
    trialId = await createProductApi(server, token, trialProduct);
    productId = await createProductApi(server, token, fixture);
    page = (await openWatchedPage(browser.context)).page;
    await page.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws the trial Direct Mail product in at most 4,500 px at 1440x900: a tier per row, empty repeats behind one Add line, nothing clipped at 1366x768 (issue 27 item 10)', async () => {
    await signInAt(page, server, `/product?product_id=${trialId}`);
    // The PDF, as the trial uploaded it: its first page previewed and its text beside it.
    const input = page.getByLabel('Product media file');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles({ name: 'spring-apparel.pdf', mimeType: 'application/pdf', buffer: await makePdf(numberedPages(3, ['Spring apparel sale: 20% off with the Evergreen Rewards Card'])) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByAltText('Preview of spring-apparel.pdf').waitFor({ timeout: 120_000 });
    await page.goto(`${server.url}/product?product_id=${trialId}`);
    const preview = page.getByAltText('Preview of spring-apparel.pdf');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => page.getByRole('region', { name: 'PDF Content' }).textContent()).toContain('Offer page 1 of 3');
    await expect.poll(() => page.locator('.portal-product-emails').textContent()).toContain('0 emails');

    // A tier per row: each tier's first field at the left edge of the block, never beside another tier.
    const card = page.locator('section[data-block="payment_card"]');
    // Both tiers measured in one evaluation, once the form has drawn every block: two separate reads of
    // viewport positions could straddle a layout change above them (one run read tier 2 eleven px above tier 1).
    await expect.poll(() => page.locator('.portal-metadata-form-drawing').count()).toBe(0);
    const tiers = (fee: string) =>
      page.evaluate((ids) => ids.map((id) => {
        const r = document.querySelector(`[data-field="${id}"]`)!.getBoundingClientRect();
        return { left: Math.round(r.left), top: Math.round(r.top) };
      }), [`payment_card.${fee}_tier1`, `payment_card.${fee}_tier2`]);
    for (const fee of ['late_fee', 'annual_fee', 'purchase_regular_apr']) {
      const [tier1, tier2] = await tiers(fee);
      expect(tier2.left, `${fee} tier 2 starts its row`).toBe(tier1.left);
      expect(tier2.top, `${fee} tier 2 below tier 1`).toBeGreaterThan(tier1.top);
    }
    // Empty third tiers wait behind one Add line each; a group with no second tier shows one line for it.
    expect(await card.locator('[data-field="payment_card.late_fee_tier3"]').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Add Late Fee (Tier 3)' }).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Add Overlimit Fee (Tier 2)' }).count()).toBe(1);
    // No incentive entered: one Add line instead of three empty slots.
    const incentives = page.locator('.portal-incentives');
    expect(await incentives.locator('fieldset').count()).toBe(0);
    expect(await incentives.getByRole('button').allTextContents()).toEqual(['Add Sign-on Incentive 1']);

    const height = await editorHeight(page);
    console.info(`trial product ${trialId}: editor height at 1440x900: ${height} px (before: ~7,000 px)`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-100251-editor-1440x900.png`, fullPage: true });
    expect(height).toBeLessThanOrEqual(TRIAL_HEIGHT_MAX);

    for (const [width, viewHeight] of [[1440, 900], [1366, 768]] as const) {
      await page.setViewportSize({ width, height: viewHeight });
      await expect.poll(() => page.evaluate(() => document.querySelector('.portal-product-form')!.getBoundingClientRect().width)).toBeLessThan(width);
      // Nothing clipped: every control lies within the form column, and within its block.
      const clipped = await page.evaluate(() => {
        const form = document.querySelector('.portal-product-form')!.getBoundingClientRect();
        const out: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('.portal-product-form :is(input:not([type="hidden"]), select, textarea, button, .bp6-tag-input, [role="region"])')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || el.closest('.bp6-file-input')) continue;
          const block = el.closest('section[data-block]')?.getBoundingClientRect() ?? form;
          if (r.left < Math.max(form.left, block.left) - 1 || r.right > Math.min(form.right, block.right) + 1) out.push(`${el.id || el.getAttribute('aria-label') || el.textContent}: ${Math.round(r.left)}..${Math.round(r.right)}`);
        }
        return out;
      });
      expect(clipped, `clipped at ${width}x${viewHeight}`).toEqual([]);
      // ... and every dropdown shows each of its options whole once chosen (DM/TM Source cut
      // 'Direct Mail and Telemarketing' under its arrow at 1366x768).
      const cut = await page.evaluate(() => {
        const text = document.createElement('canvas').getContext('2d')!;
        const out: string[] = [];
        for (const select of document.querySelectorAll<HTMLSelectElement>('.portal-product-form select')) {
          if (select.getBoundingClientRect().width === 0) continue;
          const style = getComputedStyle(select);
          text.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          for (const option of select.options) if (text.measureText(option.text).width > room + 0.5) out.push(`${select.id}: ${option.text}`);
        }
        return out;
      });
      expect(cut, `options cut at ${width}x${viewHeight}`).toEqual([]);
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-100251-editor-1366x768.png`, fullPage: true });
    // Without a Product Type, Add Promotion is disabled and says why, beside the button (or under it), not over it.
    await page.locator('[id="promotion.product_type"]').selectOption({ index: 0 });
    const hint = page.locator('.portal-promotion-add .portal-hint');
    await expect.poll(() => hint.textContent()).toBe('Choose a Promotion Company and a Product Type first.');
    for (const width of [1366, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const h = (await hint.boundingBox())!;
      const b = (await page.locator('.portal-promotion-add').getByRole('button', { name: 'Add Promotion' }).boundingBox())!;
      expect(h.x >= b.x + b.width + 8 || h.y >= b.y + b.height, `hint clear of Add Promotion at ${width}`).toBe(true);
    }
    // The type back: the product is as stored again, so leaving it asks nothing.
    await page.locator('[id="promotion.product_type"]').selectOption({ label: 'Apparel' });
    await expect.poll(() => hint.count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 240_000);

  it('speaks an editor\'s words: the log by field labels with dates on one line, Why? in plain words, one date format and the PDF by its name in the summary (issue 27 item 8)', async () => {
    await page.goto(`${server.url}/product?product_id=${trialId}`);
    await page.locator('section[data-block="delivery"]').waitFor();
    await page.getByRole('button', { name: 'Why? (delivery.delivery_type)' }).click();
    const plain = page.getByRole('list', { name: 'Why, in plain words' });
    await expect.poll(() => plain.locator('li').allTextContents()).toEqual(['Required to approve because Delivery Method is US Mail.']);
    expect(await page.locator('.portal-why__analysts').getAttribute('open')).toBeNull();
    await focusInPopover(page);
    await page.keyboard.press('Escape');
    await toolbarButton(page, 'Product Activity Log').click();
    const log = page.getByRole('table', { name: 'Product Activity Log' });
    await expect.poll(() => log.locator('tbody tr').count()).toBeGreaterThan(1);
    const activities = await log.locator('tbody td:nth-child(2)').allTextContents();
    expect(activities).toEqual(expect.arrayContaining(['Uploaded spring-apparel.pdf', 'Processed the PDF: 3 pages', 'Created the product']));
    for (const a of activities) expect(a).not.toMatch(/_|updated_at|metadata_version/);
    // Each date and time on one line.
    const lines = await log.locator('tbody td:nth-child(3) time').evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((n) => n === 1)).toBe(true);
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/viewproduct/-?product_id=${trialId}`);
    const summary = page.locator('.portal-product-summary');
    await summary.getByRole('table', { name: 'Panelists' }).waitFor();
    expect(await summary.getByRole('table', { name: 'Panelists' }).locator('tbody td:first-child').allTextContents()).toEqual(['03/04/2024', '03/10/2024']);
    expect(await summary.locator('.portal-summary-row', { has: page.getByText('Entry Date', { exact: true }) }).locator('.portal-summary-value').textContent()).toBe('03/04/2024');
    const pdf = summary.getByRole('link', { name: 'spring-apparel.pdf' });
    await pdf.waitFor();
    expect(await pdf.getAttribute('href')).toMatch(/^\/api\//);
  });

  it('draws a full Credit Card + Delivery product in at most half the height it took in one column', async () => {
    await page.goto(`${server.url}/product?product_id=${productId}`);
    await page.locator('section[data-block="delivery_details"]').waitFor();
    const height = await editorHeight(page);
    console.info(`editor height at 1440x900: ${height} px (before: ${HEIGHT_BEFORE} px)`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-editor-1440x900.png` });
    expect(height).toBeLessThanOrEqual(HEIGHT_BEFORE / 2);
  });

  it('keeps the action bar in view while scrolling, and the navigator follows the visible block', async () => {
    const bar = page.getByRole('toolbar', { name: 'Product actions' });
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const inView = async () => {
      const box = await bar.boundingBox();
      return !!box && box.y >= 0 && box.y + box.height <= 900;
    };
    await page.locator('section[data-block="delivery_details"]').scrollIntoViewIfNeeded();
    await expect.poll(inView).toBe(true);
    expect(await toolbarButton(page, 'Approve').isVisible()).toBe(true);
    // The navigator names the blocks; choosing one scrolls it to the top and marks it current.
    await nav.getByText('Credit Card', { exact: true }).click();
    await expect.poll(() => nav.locator('[aria-current="location"]').textContent()).toBe('Credit Card');
    await expect.poll(async () => (await page.locator('section[data-block="credit_card"]').boundingBox())!.y).toBeLessThan(300);
    expect(await inView()).toBe(true);
    // Why? is a small icon beside the label, not a line of its own.
    const label = page.locator('label[for="credit_card.balance_transfer_introductory_apr_tier1"]');
    expect(await label.getByRole('button', { name: 'Why? (credit_card.balance_transfer_introductory_apr_tier1)' }).textContent()).toBe('');
    // A two-digit APR is not stretched across the page.
    expect((await page.locator('[id="credit_card.balance_transfer_introductory_apr_tier1"]').boundingBox())!.width).toBeLessThan(320);
  });

  it('lists the emails in the form column, as wide as the form, and never hides a block head under the action bar, also when the bar wraps', async () => {
    await page.goto(`${server.url}/product?product_id=${productId}`);
    await page.locator('section[data-block="delivery_details"]').waitFor();
    const form = (await page.locator('.portal-product-form').boundingBox())!;
    const emails = (await page.locator('.portal-product-form > .portal-product-emails').boundingBox())!;
    expect(Math.abs(emails.x - form.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(emails.width - form.width)).toBeLessThanOrEqual(1);
    // No emails: the card keeps to its title line ("0 emails").
    await expect.poll(() => page.locator('.portal-product-emails').textContent()).toContain('0 emails');
    await expect.poll(() => page.getByText('No email is assigned to this product.').isVisible()).toBe(false);
    const bar = page.getByRole('toolbar', { name: 'Product actions' });
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const [width, height] of [[1440, 900], [1366, 768], [1000, 768]] as const) {
      await page.setViewportSize({ width, height });
      for (const [block, title] of [['panelists', 'Panelists'], ['sector_fields', 'Product details'], ['credit_card', 'Credit Card']] as const) {
        await nav.getByText(title, { exact: true }).click();
        await expect.poll(() => nav.locator('[aria-current="location"]').textContent(), { message: `${title} at ${width}` }).toBe(title);
        const barBottom = await bar.evaluate((el) => el.getBoundingClientRect().bottom);
        const head = await page.locator(`section[data-block="${block}"] > .portal-block-head`).evaluate((el) => el.getBoundingClientRect().top);
        expect(head, `${title} head under the bar at ${width}x${height}`).toBeGreaterThanOrEqual(barBottom);
        expect(head - barBottom).toBeLessThan(40);
      }
    }
    // At 1000 px the bar wraps to two lines; the navigator and the scroll margin follow its height.
    expect(await bar.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(60);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('keeps the page height while scrolling (CLS 0), marks the section on screen, and lands every jump just below the bar (issue 27 item 6)', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/product?product_id=${productId}`);
    await page.locator('section[data-block="delivery_details"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.portal-product-emails').textContent()).toContain('0 emails');
    // Layout shifts without a recent click or key, from here on.
    await page.evaluate(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.cls += e.value;
      }).observe({ type: 'layout-shift', buffered: false });
    });
    // Two frames: what a wheel step scrolled has been laid out and painted.
    const settled = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    await settled();
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const start = await height();
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const current = () => nav.locator('[aria-current="location"]').textContent();
    expect(await current()).toBe('Product');
    await page.mouse.move(800, 500);
    const seen = new Set<string>();
    for (let step = 0; step < 80 && (await page.evaluate(() => window.innerHeight + window.scrollY < document.documentElement.scrollHeight - 2)); step++) {
      await page.mouse.wheel(0, 250);
      await settled();
      expect(await height(), `page height after ${step + 1} wheel steps`).toBe(start);
      // The current entry is the first block with content below the bar.
      const expected = await page.evaluate(() => {
        const line = document.querySelector('.portal-product-actions')!.getBoundingClientRect().bottom + 8;
        const names = [...document.querySelectorAll('.portal-section-nav .bp6-menu-item')].map((e) => e.textContent);
        const blocks = [...document.querySelectorAll<HTMLElement>('.portal-product-form > .portal-metadata-form > section[data-block]')];
        const last = blocks[blocks.length - 1]!.getBoundingClientRect();
        const b = last.top >= line && last.bottom <= window.innerHeight ? blocks[blocks.length - 1] : blocks.find((x) => x.getBoundingClientRect().bottom > line + 16);
        const title = b?.querySelector('.portal-block-title')?.textContent ?? '';
        return names.includes(title) ? title : null;
      });
      if (expected) {
        await expect.poll(current).toBe(expected);
        seen.add(expected);
      }
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBe(0);

    // Jumps, far ones first: each block's head lands just below the bar and is marked.
    const bar = page.getByRole('toolbar', { name: 'Product actions' });
    const titles = (await nav.locator('.bp6-menu-item').allTextContents()).reverse();
    for (const title of titles) {
      await nav.getByText(title, { exact: true }).click();
      await expect.poll(current).toBe(title);
      const barBottom = await bar.evaluate((el) => el.getBoundingClientRect().bottom);
      const head = await page.locator('.portal-block-title', { hasText: title }).first().evaluate((el) => el.getBoundingClientRect().top);
      const atEnd = await page.evaluate(() => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2);
      expect(head, `${title} below the bar`).toBeGreaterThanOrEqual(barBottom);
      if (!atEnd) expect(head - barBottom, `${title} just below the bar`).toBeLessThan(24);
      expect(await height()).toBe(start);
    }
  });

  it('draws the summary in the same grid, with empty fields behind a toggle', async () => {
    await page.goto(`${server.url}/viewproduct/-?product_id=${productId}`);
    const summary = page.locator('.portal-product-summary');
    await summary.locator('section[data-block="delivery_details"]').waitFor();
    const emptyRow = summary.locator('.portal-summary-empty').first();
    expect(await emptyRow.isVisible()).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-summary-1440x900.png` });
    // A block without any value is left out with its heading, and comes back with the toggle.
    const emptyBlocks = summary.locator('section.portal-block-read:not(:has(.portal-summary-row:not(.portal-summary-empty)))');
    expect(await emptyBlocks.count()).toBeGreaterThan(0);
    expect(await emptyBlocks.first().isVisible()).toBe(false);
    await page.getByText('Show empty fields').click();
    await expect.poll(() => emptyRow.isVisible()).toBe(true);
    expect(await emptyBlocks.first().isVisible()).toBe(true);
  });

  it('draws a sign-on incentive in the summary as rows of that grid, its empty values behind the toggle', async () => {
    const token = await adminToken(server);
    const id = await createProductApi(server, token, { ...trialProduct, product_headline: 'Incentive summary, layout e2e', incentives: [{ incentive: 'Get a $200 bonus' }] });
    const path = `/viewproduct/-?product_id=${id}`;
    await page.goto(`${server.url}${path}`);
    const slot = page.getByRole('group', { name: /Incentive 1$/ });
    // Run alone, this test signs in first.
    const signIn = page.getByLabel('Username');
    await signIn.or(slot).waitFor();
    if (await signIn.isVisible()) {
      await signIn.fill('admin');
      await page.getByLabel('Password').fill(adminPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();
    }
    await slot.waitFor();
    const shownLabels = async () => slot.locator('.portal-summary-row:visible .portal-summary-label').allTextContents();
    expect(await shownLabels()).toEqual([expect.stringMatching(/Incentive$/)]);
    expect(await slot.locator('.portal-summary-row:visible .portal-summary-value').allTextContents()).toEqual(['Get a $200 bonus']);
    // Ten empty values took a 46 px line each; now the slot is one row high.
    expect((await slot.boundingBox())!.height).toBeLessThan(120);
    await page.getByText('Show empty fields').click();
    await expect.poll(shownLabels).toContain('Max Award');
  });
});
