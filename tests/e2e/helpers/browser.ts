import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium: `which chromium`, else /usr/bin/chromium (scripts/ensure-system-packages.sh installs it). */
export function chromiumPath(): string {
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
    if (found) return found;
  } catch {
    // `which` exits non-zero when not found; fall through to the default path.
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error("Browser tests need Debian's chromium: run as root `apt-get update && apt-get install -y chromium`");
}

/**
 * The browser suite's Chromium: Debian's `chromium-headless-shell` (built from the same `chromium` source
 * package, the "old headless" build Playwright itself runs for headless tests) when it is installed, else
 * `chromium`. The suite only drives pages; the shell does that for about two thirds of the CPU of `chromium --headless`,
 * whose browser process carries the full browser (docs/decisions/test-suites.md). Benches keep
 * `chromium`: they time what a person's browser does.
 */
export function suiteChromiumPath(): string {
  const shell = '/usr/bin/chromium-headless-shell';
  return process.env.PORTAL_TEST_FULL_CHROMIUM !== '1' && existsSync(shell) ? shell : chromiumPath();
}

export interface TestBrowser {
  context: BrowserContext;
  /** CSP violations portal pages reported so far (the issue 11 policy: no eval, no inline script). */
  cspViolations: string[];
  /** Closes the browser; throws when a portal page reported a CSP violation meanwhile. */
  close(): Promise<void>;
}

/** The portal page's CSP violations, reported to the test through a binding (email frames excepted). */
const reportViolations = () => {
  document.addEventListener('securitypolicyviolation', (e) => {
    const report = (window as unknown as { portalCspViolation?: (text: string) => void }).portalCspViolation;
    // Email frames (srcdoc, blob:, or about:blank written by the page, whose documentURI is the
    // page's own) have their own stricter policy and block remote content and handlers on purpose.
    // The portal sets no inline handlers (React binds events in script), so a blocked handler
    // attribute ('script-src-attr') is foreign markup the policy stopped: the CSP working, not a fault.
    if (window.top === window && e.violatedDirective !== 'script-src-attr' && /^https?:/.test(e.documentURI)) report?.(`${e.documentURI}: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
  });
};

/** A host name the test browser resolves to 127.0.0.1: the same server under an origin it does not allow. */
export const otherOriginHost = 'portal-elsewhere.test';

/** The browser suite's Chromium flags (exported for bench/chromiumFlagsCpu.ts, which compares others against them). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // Chromium starts a spare renderer for the next navigation of every context; the suite opens hundreds of short-lived contexts.
  '--disable-features=SpareRendererForSitePerProcess',
  // A second name for the loopback portal: a page served from it is outside the portal's default
  // origins (portal_access), so a test sees a disallowed origin on a shared server (auth.test.ts).
  `--host-resolver-rules=MAP ${otherOriginHost} 127.0.0.1`,
];

/** Set in the browser suite's project (vitest.config.ts): its files use their worker's Chromium. */
export const suiteBrowserEnv = 'PORTAL_TEST_SUITE_BROWSER';

/**
 * The worker's Chromium: launched by the first file that asks, kept for the worker's later files
 * (isolate: false), and ended with the worker (Playwright closes what it launched when its process
 * exits; Chromium also ends when its pipe closes). One per worker rather than one for the run served
 * over a WebSocket: the run's served one relayed every call through the vitest main process, ~30
 * CPU-s of protocol work per run for nothing (docs/decisions/test-suites.md).
 */
let workerBrowser: Promise<Browser> | undefined;

/**
 * A fresh browser context (no cookies, storage or cache of another test's), with the CSP check.
 * In the browser suite it is a context of its worker's Chromium (launching one costs a second or
 * more of CPU); elsewhere (benches) a Chromium of its own with a fresh profile.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  let context: BrowserContext;
  let release: () => Promise<void>;
  if (process.env[suiteBrowserEnv]) {
    workerBrowser ??= chromium.launch({ executablePath: suiteChromiumPath(), headless: true, args: chromiumArgs });
    context = await (await workerBrowser).newContext({ reducedMotion: 'reduce' });
    release = () => context.close();
  } else {
    const userDataDir = await mkdtemp(join(tmpdir(), 'portal-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, { executablePath: chromiumPath(), headless: true, args: chromiumArgs, reducedMotion: 'reduce' });
    release = async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    };
  }
  // reducedMotion: dialogs and popovers open in place (shell.css), so a click never aims at a button still scaling in.
  // Every browser test runs under the portal's CSP: a violation on a portal page fails the file.
  const cspViolations: string[] = [];
  await context.exposeBinding('portalCspViolation', (_source, text: string) => void cspViolations.push(text));
  await context.addInitScript(reportViolations);
  return {
    context,
    cspViolations,
    async close() {
      await release();
      if (cspViolations.length) throw new Error(`CSP violations reported:\n${cspViolations.join('\n')}`);
    },
  };
}

export interface WatchedPage {
  page: Page;
  /** Console errors and warnings, and uncaught page errors, in the order they happened. */
  problems: string[];
}

/** Opens a page that records console errors/warnings and uncaught exceptions, so tests can assert none. */
export async function openWatchedPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || type === 'warning') problems.push(`console.${type}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A fetch or module still loading when the test navigates away is cancelled by the browser
    // (ERR_ABORTED), not failed by the server; a server fault shows as a reset or an http 5xx.
    if (reason !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`http ${response.status()}: ${response.url()}`);
  });
  return { page, problems };
}
