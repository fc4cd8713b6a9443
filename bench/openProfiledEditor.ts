import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../tests/e2e/helpers/browser';
import { signInThroughPage } from '../tests/e2e/helpers/signIn';
import { startServer, type StartedServer } from '../tests/server/helpers/startServer';
import { adminPassword, instrument, openProduct, pickProduct, serveClientFrom, signInToken } from './editorInteractions';

export interface ProfiledEditor {
  server: StartedServer;
  browser: TestBrowser;
  /** The product editor at 1440x900, instrumented for the interactions' measure. */
  page: Page;
  productId: number;
  /** Closes the browser, then stops the server. */
  close(): Promise<void>;
}

/**
 * The by-hand editor tools' common start (editorInteractionProfile, -Trace, -Renders): a portal
 * (PROFILE_DATA_DIR reuses one), a signed-in browser, and a product open in the editor with the
 * bench's instrument plus `extraInit` (a function's source, run before the page's scripts), served
 * from `dist` when given.
 */
export async function openProfiledEditor(opts: { dist?: string; extraInit?: string } = {}): Promise<ProfiledEditor> {
  const server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: adminPassword, DEMO_EMAILS: '0', DEMO_PDFS: '0' }, dataDir: process.env.PROFILE_DATA_DIR, timeoutMs: 600_000 });
  const browser = await launchBrowser();
  const close = async () => {
    await browser.close();
    await server.stop();
  };
  try {
    const productId = await pickProduct(server, await signInToken(server));
    const signIn = await browser.context.newPage();
    await signInThroughPage(signIn, server.url, 'admin', adminPassword);
    await signIn.close();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript({ content: `globalThis.__name ??= (f) => f; (${instrument.toString()})();${opts.extraInit ? ` (${opts.extraInit})();` : ''}` });
    if (opts.dist) await serveClientFrom(page, opts.dist);
    await openProduct(page, server, productId);
    return { server, browser, page, productId, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The command line's arguments, with `flag(name)` taking `name value` out of them (undefined when absent). */
export function toolArgs(): { argv: string[]; flag(name: string): string | undefined } {
  const argv = process.argv.slice(2);
  return {
    argv,
    flag(name) {
      const i = argv.indexOf(name);
      return i >= 0 ? argv.splice(i, 2)[1] : undefined;
    },
  };
}
