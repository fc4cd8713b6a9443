import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import type { StartedServer } from '../server/helpers/startServer';
import { sharedServer } from './helpers/sharedServers';
import { signInByApi } from './helpers/signIn';

// Issue 2 items 9-10, 000 §1-§2: the page title, the header, the sidebar frame and the error page.
describe('client shell', () => {
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = sharedServer('demo');
    browser = await launchBrowser();
    // Every screen needs a session (issue 4); the context keeps its cookies for the pages below.
    await signInByApi(browser.context, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("loads / titled 'Content Portal' with the header buttons and no console errors", async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });

    expect(await page.title()).toBe('Content Portal');
    const header = page.getByRole('banner', { name: 'Portal header' });
    for (const name of ['Admin Portal', 'Sign Out', 'Focus', 'e-Glacier', 'Copy']) {
      await expect.poll(() => header.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    // Admin Portal opens the admin front end in a new tab (000 §1).
    const admin = header.getByRole('button', { name: 'Admin Portal' });
    expect(await admin.getAttribute('target')).toBe('_blank');
    expect(await admin.getAttribute('href')).toBe('/admin');

    // The home dashboard shows its render time in the header.
    await expect.poll(() => page.getByTestId('render-time').textContent()).toMatch(/^rendered in \d+(\.\d)? m?s$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);
    // Icons load per icon as they are drawn (issue 17): the header's icons get their SVG paths.
    await expect.poll(() => header.locator('svg[data-icon] path').count()).toBeGreaterThan(3);

    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists the sidebar modules in module_sort order and marks the one matching the path', async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/deduplicates`, { waitUntil: 'networkidle' });

    const sidebar = page.getByRole('navigation', { name: 'Modules' });
    const items = sidebar.locator('a');
    await expect.poll(() => items.allInnerTexts()).toEqual([
      // The admin's permitted modules (schemas/admin/modules.json), in module_sort order.
      'Dashboard', 'Producer Panelists', 'Consumer Panelists', 'Mortgage Broker Panelists', 'Provider Panelists',
      'Spacey', 'Deduplicates', 'Import Logs', 'Add Product', 'Rule Catalogue',
    ]);
    await expect.poll(() => sidebar.locator('a.bp6-active').innerText()).toBe('Deduplicates');
    // No render-time note away from home.
    expect(await page.getByTestId('render-time').count()).toBe(0);

    // Client-side navigation through the sidebar, and back to the root module.
    await sidebar.getByText('Spacey').click();
    await page.waitForURL(`${server.url}/spacy`);
    await expect.poll(() => page.getByRole('heading', { name: 'Spacey dashboard' }).isVisible()).toBe(true);
    await sidebar.getByText('Dashboard').click();
    await page.waitForURL(`${server.url}/`);
    // The active mark follows the route change a render later.
    await expect.poll(() => sidebar.locator('a.bp6-active').innerText()).toBe('Dashboard');

    expect(problems).toEqual([]);
    await page.close();
  });

  it('its first Tab stop skips the header and the sidebar to the screen', async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);
    const url = page.url();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect.poll(() => skip.evaluate((e) => e === document.activeElement && e.getBoundingClientRect().top >= 0)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('portal-main');
    // The next Tab lands inside the screen, past the header and the sidebar, and the list's URL is untouched.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#portal-main')) && !document.activeElement?.closest('nav, header'))).toBe(true);
    expect(page.url()).toBe(url);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('renders /errorpage with a message and a link home', async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    await page.goto(`${server.url}/errorpage`, { waitUntil: 'networkidle' });

    expect(await page.title()).toBe('Content Portal');
    await expect.poll(() => page.getByRole('heading', { name: 'Error' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Focus dashboard' }).isVisible()).toBe(true);

    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows not-found for an unknown route', async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    // Inside a permitted module (a path matching no module gets 'You are not authorized!', 000 §6).
    await page.goto(`${server.url}/deduplicates/no/such/screen`, { waitUntil: 'networkidle' });

    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    expect(await page.getByText('There is no page at /deduplicates/no/such/screen.').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('hides the common header on the product, emailbodypopup and managepdf routes (000 §2)', async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    for (const path of ['/product', '/emailbodypopup/123/2024-05-01', '/managepdf/55']) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('main.portal-bare').isVisible()).toBe(true);
      expect(await page.getByRole('banner', { name: 'Portal header' }).count(), path).toBe(0);
    }
    // A route with the header, for contrast.
    await page.goto(`${server.url}/email/123`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('banner', { name: 'Portal header' }).isVisible()).toBe(true);
    expect(await page.getByText('123', { exact: true }).isVisible()).toBe(true);

    // Product 55 does not exist: /managepdf asks for its images and is told so (404), as it should be.
    const expected404 = (p: string) => p.includes('/api/view-images?product_id=55') || p.startsWith('console.error: Failed to load resource: the server responded with a status of 404');
    expect(problems.filter((p) => !expected404(p))).toEqual([]);
    await page.close();
  });
});
