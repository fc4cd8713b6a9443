import type { Browser, Page } from 'playwright-core';

/**
 * The forward-editor bench page (bench/forwardPage) served on `port`, ready, with the caret placed by
 * a click in the middle of the email's text: where the trace tools (forwardCpu, forwardProfile) type.
 */
export async function openForwardBenchPage(browser: Browser, port: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => window.__benchReady === true, undefined, { timeout: 120_000 });
  const texts = page.locator('[data-slate-editor] [data-slate-string]');
  const target = texts.nth(Math.floor((await texts.count()) / 2));
  await target.scrollIntoViewIfNeeded();
  await target.click();
  return page;
}
