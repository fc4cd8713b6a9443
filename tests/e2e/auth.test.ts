import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { sharedServer } from './helpers/sharedServers';
import { launchBrowser, otherOriginHost, type TestBrowser } from './helpers/browser';
import { e2eAdminPassword } from './helpers/signIn';

// Issue 4, 000 §2 (Not Authorized), §6, §8, §9: sign-in, idle sign-out, sign-out in another tab,
// module permissions in the sidebar and on screens, and the portal_access origin check.
const adminPassword = e2eAdminPassword;

async function api<T>(server: StartedServer, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${server.url}${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const sidebarItems = (page: Page) => page.getByRole('navigation', { name: 'Modules' }).locator('a').allInnerTexts();

describe('sign-in and sessions in the browser', () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = sharedServer('demo');
    const admin = await api<{ payload: { access_token: string } }>(server, '/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ username: 'admin', password: adminPassword }) });
    const token = admin.payload.access_token;
    const roles = await api<{ payload: Array<{ role_id: number; role_name: string }> }>(server, '/api/admin/roles', { token });
    const roleId = (name: string) => roles.payload.find((r) => r.role_name === name)!.role_id;
    for (const [username, role] of [['reviewer1', 'reviewer'], ['editor1', 'editor'], ['editor2', 'editor'], ['idler', 'reviewer'], ['twotabs', 'reviewer']]) {
      await api(server, '/api/admin/users', { method: 'POST', token, body: JSON.stringify({ username, password: `${username}-password`, role_id: roleId(role) }) });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('one browser per test', () => {
    let browser: TestBrowser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('sends a signed-out visitor to sign-in, refuses a wrong password, then signs in to the permitted modules', async () => {
      const page = await browser.context.newPage();
      await page.goto(`${server.url}/deduplicates`);
      await page.waitForURL(`${server.url}/signin`);
      await signIn(page, 'reviewer1', 'wrong-password');
      await expect.poll(() => page.getByRole('alert').innerText()).toBe('Invalid username or password.');
      await signIn(page, 'reviewer1', 'reviewer1-password');
      // Back to the page first asked for (lastVisitedUrl), with the reviewer's modules in module_sort order.
      await page.waitForURL(`${server.url}/deduplicates`);
      await expect
        .poll(() => sidebarItems(page))
        .toEqual(['Dashboard', 'Producer Panelists', 'Consumer Panelists', 'Mortgage Broker Panelists', 'Provider Panelists', 'Spacey', 'Deduplicates', 'Import Logs']);
      const cookies = Object.fromEntries((await browser.context.cookies()).map((c) => [c.name, c]));
      expect(cookies.access_token.httpOnly).toBe(true);
      expect(cookies.refresh_token.httpOnly).toBe(true);
      expect(cookies.access_token.sameSite).toBe('Strict');
      expect(cookies.isSignedIn.value).toBe('true');
      expect(cookies.username.value).toBe('reviewer1');

      // Sign Out in the header ends the session (the server's answer clears isSignedIn).
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(`${server.url}/signin`);
      await expect.poll(async () => (await browser.context.cookies()).find((c) => c.name === 'isSignedIn')?.value).toBe('false');
      await page.goto(`${server.url}/`);
      await page.waitForURL(`${server.url}/signin`);
      await page.close();
    });

    it("a user without a module sees neither its sidebar entry nor its screen ('You are not authorized!')", async () => {
      const page = await browser.context.newPage();
      const alerts: string[] = [];
      page.on('dialog', (d) => {
        alerts.push(d.message());
        void d.accept();
      });
      await page.goto(`${server.url}/signin`);
      await signIn(page, 'reviewer1', 'reviewer1-password');
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => sidebarItems(page)).toContain('Dashboard');
      expect(await sidebarItems(page)).not.toContain('Add Product');

      // Not the root: the alert, then off to the site origin; the Add product screen never shows.
      // The app boots before it alerts: wait for the dialog itself, however long the boot takes.
      let alerted = page.waitForEvent('dialog');
      await page.goto(`${server.url}/addproduct`);
      await alerted;
      expect(alerts).toEqual(['You are not authorized!']);
      await page.waitForURL(`${server.url}/`);
      expect(await page.getByRole('heading', { name: 'Add product' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await expect.poll(async () => (await browser.context.cookies()).find((c) => c.name === 'isSignedIn')?.value).toBe('false');
      await page.waitForURL(`${server.url}/signin`);

      // An editor has products but no dashboard: lands on Add Product; the root signs them out.
      await signIn(page, 'editor1', 'editor1-password');
      await page.waitForURL(`${server.url}/addproduct`);
      await expect.poll(() => sidebarItems(page)).toEqual(['Add Product']);
      await expect.poll(() => page.getByRole('heading', { name: 'Add product' }).isVisible()).toBe(true);
      alerted = page.waitForEvent('dialog');
      await page.goto(`${server.url}/`);
      await alerted;
      expect(alerts).toEqual(['You are not authorized!', 'You are not authorized!']);
      await page.waitForURL(`${server.url}/signin`);
      expect(await page.getByRole('heading', { name: 'Focus dashboard' }).count()).toBe(0);
      // The tab goes to sign-in at once; the server's sign-out answer sets the cookie after it.
      await expect.poll(async () => (await browser.context.cookies()).find((c) => c.name === 'isSignedIn')?.value).toBe('false');
      await page.close();
    });

    it("an editor who opens the header's Admin Portal gets 'You are not authorized!' and lands on Add Product, still signed in", async () => {
      // The site origin would be the root, which signs a role without the dashboard out of every tab
      // (docs/decisions/not-authorized-goes-to-first-module.md).
      const alerts: string[] = [];
      const onDialog = (d: Dialog) => {
        alerts.push(d.message());
        void d.accept();
      };
      browser.context.on('dialog', onDialog);
      try {
        const page = await browser.context.newPage();
        await page.goto(`${server.url}/signin`);
        await signIn(page, 'editor2', 'editor2-password');
        await page.waitForURL(`${server.url}/addproduct`);
        const [admin] = await Promise.all([browser.context.waitForEvent('page'), page.getByRole('button', { name: 'Admin Portal' }).click()]);
        await expect.poll(() => alerts).toEqual(['You are not authorized!']);
        await admin.waitForURL(`${server.url}/addproduct`);
        await expect.poll(() => admin.getByRole('heading', { name: 'Add product' }).isVisible()).toBe(true);
        // Still signed in, in both tabs: no second alert, no sign-out.
        expect((await browser.context.cookies()).find((c) => c.name === 'isSignedIn')?.value).toBe('true');
        expect(page.url()).toBe(`${server.url}/addproduct`);
        expect(alerts).toEqual(['You are not authorized!']);
        await admin.close();
        await page.getByRole('button', { name: 'Sign Out' }).click();
        await page.waitForURL(`${server.url}/signin`);
        await page.close();
      } finally {
        browser.context.off('dialog', onDialog);
      }
    });
  });

  it("signs out after 25 idle minutes with 'Your session has expired, please login again' (clock-controlled)", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.clock.install();
      await page.goto(`${server.url}/signin`);
      await signIn(page, 'idler', 'idler-password');
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => sidebarItems(page)).toContain('Dashboard');

      // 20 minutes, some activity, 20 more: never 25 minutes idle, still signed in.
      await page.clock.fastForward('20:00');
      await page.mouse.move(200, 300);
      await page.mouse.move(220, 320);
      await page.clock.fastForward('20:00');
      await page.clock.fastForward('00:02');
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await sidebarItems(page)).toContain('Dashboard');

      // Now 25 minutes without touch, mouse or key: the next 60-second check signs out.
      await page.clock.fastForward('25:00');
      await page.waitForURL(`${server.url}/signin`);
      await expect.poll(() => page.getByTestId('sign-in-notice').innerText()).toBe('Your session has expired, please login again');
      // The server ended the session too: isActive=false tells other tabs why, the tokens are gone.
      const cookies = async () => Object.fromEntries((await browser.context.cookies()).map((c) => [c.name, c.value]));
      await expect.poll(async () => (await cookies()).isActive).toBe('false');
      expect((await cookies()).access_token).toBeUndefined();
    } finally {
      await browser.close();
    }
  });

  it("sign-out in one tab signs out the other within a second ('You have been logged out, please login again')", async () => {
    const browser = await launchBrowser();
    try {
      // The pages' clock flows as real time until paused below.
      await browser.context.clock.install();
      const first = await browser.context.newPage();
      await first.goto(`${server.url}/signin`);
      await signIn(first, 'twotabs', 'twotabs-password');
      await first.waitForURL(`${server.url}/`);
      const second = await browser.context.newPage();
      await second.goto(`${server.url}/deduplicates`);
      await expect.poll(() => sidebarItems(second)).toContain('Deduplicates');

      // The other tab checks the cookies every second (000 §9): with the pages' clock stopped, the
      // sign-out's answer clears isSignedIn, and one second later by that clock the other tab is out.
      await browser.context.clock.pauseAt(Date.now() + 2000);
      await first.getByRole('button', { name: 'Sign Out' }).click();
      await expect.poll(async () => (await browser.context.cookies()).find((c) => c.name === 'isSignedIn')?.value).toBe('false');
      await browser.context.clock.runFor(1000);
      await second.waitForURL(`${server.url}/signin`);
      await expect.poll(() => second.getByTestId('sign-in-notice').innerText()).toBe('You have been logged out, please login again');
      // The tab that signed out shows no message.
      await first.waitForURL(`${server.url}/signin`);
      expect(await first.getByTestId('sign-in-notice').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it('the Admin Portal creates a user who can then sign in', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(`${server.url}/signin`);
      await signIn(page, 'admin', adminPassword);
      await page.waitForURL(`${server.url}/`);
      const adminButton = page.getByRole('banner', { name: 'Portal header' }).getByRole('button', { name: 'Admin Portal' });
      expect(await adminButton.getAttribute('target')).toBe('_blank');
      const [tab] = await Promise.all([browser.context.waitForEvent('page'), adminButton.click()]);
      await tab.waitForURL(`${server.url}/admin`);
      await expect.poll(() => tab.getByRole('table', { name: 'Users' }).innerText()).toContain('reviewer1');
      await tab.getByLabel('Username*').fill('newcomer');
      await tab.getByLabel('Password*').fill('newcomer-password');
      await tab.getByLabel('Role*').selectOption({ label: 'analyst' });
      await tab.getByRole('button', { name: 'Create user' }).click();
      await expect.poll(() => tab.getByRole('status').innerText()).toBe('User newcomer created.');
      await expect.poll(() => tab.getByRole('table', { name: 'Users' }).innerText()).toContain('newcomer');
      // The New user form is empty again: the name and the password typed do not wait for a second Create.
      await expect.poll(() => tab.getByLabel('Username*').inputValue()).toBe('');
      expect(await tab.getByLabel('Password*').inputValue()).toBe('');
      const res = await fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'newcomer', password: 'newcomer-password' }) });
      expect((await res.json()).payload.user_role.role_name).toBe('analyst');

      // An existing user's email (the address they forward from and are copied on, 000 §6) is changed in the Users tab.
      await tab.getByRole('button', { name: 'Change email of newcomer' }).click();
      const emailForm = tab.locator('form').filter({ has: tab.getByRole('button', { name: 'Save email' }) });
      await emailForm.getByLabel('Email').fill('newcomer@research.example');
      await emailForm.getByRole('button', { name: 'Save email' }).click();
      await expect.poll(() => tab.getByRole('status').innerText()).toBe('Email of newcomer changed.');
      const newcomerRow = tab.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: 'newcomer' });
      await expect.poll(() => newcomerRow.innerText()).toContain('newcomer@research.example');

      // What a save did shows where the user is: Save permissions ends a role card taller than a
      // 1366x768 window, and the notice at the page's top was out of sight (nothing seemed to happen).
      await tab.setViewportSize({ width: 1366, height: 768 });
      await tab.getByRole('tab', { name: 'Roles and permissions' }).click();
      await tab.getByRole('table', { name: 'Roles' }).getByRole('cell', { name: 'analyst', exact: true }).click();
      const save = tab.getByRole('button', { name: 'Save permissions' });
      await save.scrollIntoViewIfNeeded();
      expect(await tab.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await save.click();
      await expect.poll(() => tab.getByRole('status').innerText()).toBe('Permissions of analyst saved.');
      const inView = async () => {
        const box = await tab.getByRole('status').boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 768;
      };
      await expect.poll(inView).toBe(true);

      // A role's sectors are chosen by title, and listed by title (they were ids to type in).
      const newRole = tab.locator('form').filter({ has: tab.getByRole('button', { name: 'Create role' }) });
      await newRole.getByLabel('Role name*').fill('two-sectors');
      await newRole.getByRole('checkbox', { name: 'Banking' }).check({ force: true });
      await newRole.getByRole('checkbox', { name: 'Energy' }).check({ force: true });
      await newRole.getByRole('button', { name: 'Create role' }).click();
      await expect.poll(() => tab.getByRole('status').innerText()).toBe('Role two-sectors created.');
      const roleRow = tab.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: 'two-sectors' });
      await expect.poll(() => roleRow.innerText()).toMatch(/two-sectors\s+0\s+Banking, Energy/);
      // Its card beside the New role form: a label toggles its own form's field (the two shared ids).
      await roleRow.click();
      const card = tab.locator('form').filter({ has: tab.getByRole('button', { name: 'Save role' }) });
      await card.getByText('All sectors allowed').click();
      expect(await card.getByRole('checkbox', { name: 'All sectors allowed' }).isChecked()).toBe(true);
      expect(await newRole.getByRole('checkbox', { name: 'All sectors allowed' }).isChecked()).toBe(false);
    } finally {
      await browser.close();
    }
  });
});

describe('portal_access', () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a disallowed origin shows Not Authorized ('error code:401 unauthorized') and cannot sign in", async () => {
    // The shared portal allows its own loopback origins only; the browser reaches it under another name.
    const server = sharedServer('demo');
    const page = await browser.context.newPage();
    await page.goto(`http://${otherOriginHost}:${server.port}/signin`);
    await expect.poll(() => page.getByText('You are not authorized to access to this site.').isVisible()).toBe(true);
    expect(await page.getByText('error code:401 unauthorized').isVisible()).toBe(true);
    expect(await page.getByLabel('Username').count()).toBe(0);
    // The server refuses a sign-in posted from that origin too.
    const refused = await page.evaluate(async (password) => {
      const res = await fetch('/api/auth/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
      return res.status;
    }, adminPassword);
    expect(refused).toBe(401);
  });
});
