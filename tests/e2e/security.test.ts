import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../server/helpers/startServer';
import { sharedServer } from './helpers/sharedServers';
import { launchBrowser, openWatchedPage, type TestBrowser } from './helpers/browser';
import { e2eAdminPassword, signInByApi, signInThroughPage } from './helpers/signIn';

// Issue 11: the portal works under its strict Content-Security-Policy (no eval, no inline script),
// and a signed-in user changes their own password from the header's user menu.

/** CSP violations the page reports (the `securitypolicyviolation` event), recorded from the first script on. */
const recordViolations = () => {
  const w = window as unknown as { cspViolations: string[] };
  w.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
};
const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('the portal under its strict CSP', () => {
  let server: StartedServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = sharedServer('demo');
    browser = await launchBrowser();
    await browser.context.addInitScript(recordViolations);
    await signInByApi(browser.context, server.url);
    const admin = await (await fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: e2eAdminPassword }) })).json();
    const auth = { authorization: `Bearer ${admin.payload.access_token as string}`, 'content-type': 'application/json' };
    const roles = (await (await fetch(`${server.url}/api/admin/roles`, { headers: auth })).json()).payload as Array<{ role_id: number; role_name: string }>;
    const reviewer = roles.find((r) => r.role_name === 'reviewer')!.role_id;
    const created = await fetch(`${server.url}/api/admin/users`, { method: 'POST', headers: auth, body: JSON.stringify({ username: 'changer', password: 'changer-first-password', role_id: reviewer }) });
    expect(created.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('dashboards, email detail, the product editor and the Admin Portal forms run with no eval and no CSP violation', async () => {
    const { page, problems } = await openWatchedPage(browser.context);
    const seen: string[] = [];
    // Each screen's violations are read before the next navigation replaces its window.
    const visit = async (url: string) => {
      if (page.url().startsWith(server.url)) seen.push(...(await violations(page)));
      return page.goto(`${server.url}${url}`, { waitUntil: 'networkidle' });
    };
    const first = await visit('/');
    const csp = first!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/(^|;)script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    const ids = () => page.getByRole('region', { name: 'Emails' }).locator('.dashboard-cell--id').allInnerTexts();
    await expect.poll(async () => (await ids()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const muid = (await ids())[0]!.trim();
    await page.getByRole('banner', { name: 'Portal header' }).getByRole('button', { name: 'e-Glacier', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'e-Glacier dashboard' }).isVisible()).toBe(true);

    // The email's HTML frame (srcdoc, its own sandbox and CSP) inside the portal's page.
    await visit(`/email/${muid}`);
    await expect.poll(() => page.locator('iframe').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    await visit('/addproduct');
    await page.getByRole('toolbar', { name: 'Product actions' }).getByRole('button').first().waitFor();

    // The Admin Portal's forms validate in the browser with the validators precompiled at build time.
    await visit('/admin');
    await expect.poll(() => page.getByRole('table', { name: 'Users' }).innerText()).toContain('admin');
    await page.getByLabel('Username*').fill('csp-user');
    await page.getByLabel('Password*').fill('too-short');
    await page.getByLabel('Role*').selectOption({ label: 'reviewer' });
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => page.locator('.portal-field-error').innerText()).toContain('must NOT have fewer than 12 characters');
    await page.getByLabel('Password*').fill('csp-user-password');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('User csp-user created.');
    await expect.poll(() => page.getByRole('table', { name: 'Users' }).innerText()).toContain('csp-user');
    await page.getByRole('tab', { name: 'Roles and permissions' }).click();
    await page.getByRole('table', { name: 'Roles' }).getByText('reviewer', { exact: true }).click();
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Permissions of reviewer saved.');

    seen.push(...(await violations(page)));
    expect(seen).toEqual([]);
    expect(problems).toEqual([]);

    await page.close();

    // The policy is enforced, and an eval attempt (what Ajv's compile in the browser did) is reported
    // where every browser test listens (helpers/browser.ts fails a test file on a report). A page task
    // makes the attempt: the test's own evaluate is exempt from the CSP in DevTools.
    const probe = await launchBrowser();
    await probe.context.addInitScript(recordViolations);
    const other = await probe.context.newPage();
    await other.goto(`${server.url}/signin`);
    await other.evaluate(() => {
      const w = window as unknown as { evalResult?: string };
      setTimeout(() => {
        try {
          w.evalResult = new Function('return "eval ran"')() as string;
        } catch (e) {
          w.evalResult = (e as Error).name;
        }
      });
    });
    await expect.poll(() => other.evaluate(() => (window as unknown as { evalResult?: string }).evalResult)).toBe('EvalError');
    await expect.poll(() => violations(other)).toEqual([expect.stringMatching(/^script-src eval /)]);
    await expect.poll(() => probe.cspViolations).toEqual([expect.stringMatching(/\/signin: script-src eval /)]);
    await expect(probe.close()).rejects.toThrow(/CSP violations reported:\n.*script-src eval/);
    expect(browser.cspViolations).toEqual([]);
  });

  it('a signed-in user changes their password from the user menu; the old one stops working', async () => {
    await browser.context.clearCookies();
    const { page, problems } = await openWatchedPage(browser.context);
    await signInThroughPage(page, server.url, 'changer', 'changer-first-password');
    const header = page.getByRole('banner', { name: 'Portal header' });
    await header.getByRole('button', { name: 'User menu of changer' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.waitForURL(`${server.url}/password`);
    await expect.poll(() => page.getByRole('heading', { name: 'Change password' }).isVisible()).toBe(true);
    expect(await page.getByText('At least 12 characters; common passwords are refused.').isVisible()).toBe(true);

    const form = page.getByRole('form', { name: 'Change password' });
    const attempt = async (current: string, next: string, again = next) => {
      await page.getByLabel('Current password').fill(current);
      await page.getByLabel('New password', { exact: true }).fill(next);
      await page.getByLabel('Repeat the new password').fill(again);
      await form.getByRole('button', { name: 'Change password' }).click();
    };
    const alert = () => page.getByRole('alert').innerText();
    await attempt('changer-first-password', 'changer-second-password', 'changer-second-passwort');
    await expect.poll(alert).toBe('The two new passwords differ.');
    await attempt('not-my-password', 'changer-second-password');
    await expect.poll(alert).toBe('The current password is not right.');
    await attempt('changer-first-password', 'short-pass');
    await expect.poll(alert).toBe('The password must have at least 12 characters.');
    await attempt('changer-first-password', 'password1234');
    await expect.poll(alert).toBe('This password is on a list of common passwords: choose another.');
    expect(page.url()).toBe(`${server.url}/password`);

    await attempt('changer-first-password', 'changer-second-password');
    await page.waitForURL(`${server.url}/signin`);
    await expect.poll(() => page.getByTestId('sign-in-notice').innerText()).toBe('Your password has been changed. Please sign in with the new password.');
    await page.getByLabel('Username').fill('changer');
    await page.getByLabel('Password').fill('changer-first-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(alert).toBe('Invalid username or password.');
    await page.getByLabel('Password').fill('changer-second-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/signin');
    await expect.poll(() => header.getByRole('button', { name: 'User menu of changer' }).isVisible()).toBe(true);

    // The refusals above are the server's 400/401 answers; nothing else went wrong.
    expect(problems.filter((p) => !/^http 40[01]: .*\/api\/auth\/(password|sign-in|sign-out)$/.test(p) && !p.includes('the server responded with a status of 40'))).toEqual([]);
    await page.close();
  });
});
