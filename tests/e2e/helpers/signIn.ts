import type { Page } from 'playwright-core';

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
