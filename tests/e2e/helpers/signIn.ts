import type { BrowserContext, Page } from 'playwright-core';

/** The admin password the browser tests start their servers with (PORTAL_ADMIN_PASSWORD). */
export const e2eAdminPassword = 'admin-e2e-password';

/**
 * Signs in through the sign-in screen and waits until the session lands on a module page. The
 * browser context keeps the session cookies, so later pages of the same context are signed in.
 */
export async function signInThroughPage(page: Page, baseUrl: string, username = 'admin', password = e2eAdminPassword): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

/**
 * Signs the context in through the sign-in API, as the sign-in screen does, without drawing that
 * screen and the dashboard it lands on (two page loads of a fresh context's Chromium, ~1-2 CPU-s):
 * for files whose subject is not signing in (auth.test.ts drives the screen). The answer's cookies
 * are the context's, so its next page opens signed in.
 */
export async function signInByApi(context: BrowserContext, baseUrl: string, username = 'admin', password = e2eAdminPassword): Promise<void> {
  const res = await context.request.post(`${baseUrl}/api/auth/sign-in`, { data: { username, password } });
  if (!res.ok()) throw new Error(`sign-in of ${username}: ${res.status()} ${await res.text()}`);
}
