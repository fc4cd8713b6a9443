import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { httpError } from '../httpError';
import { pdfRenderSeconds, timed } from '../metrics/portalMetrics';
import { chromiumLaunchOptions } from './chromiumLaunch';
import { forwardPolicy } from './forwardPolicy';

/** Longest a single render may take (Chromium start included). */
export const pdfTimeoutMs = 60_000;
/** A warm browser is closed after this long without a render. */
const idleMs = 60_000;

let chromiumPath: string | null | undefined;

function which(command: string): string | null {
  try {
    return execFileSync('which', [command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null; // `which` exits non-zero when the command is not found
  }
}

/**
 * CHROMIUM_PATH, else Debian's `chromium-headless-shell` (the chromium package's old headless build,
 * made for printing and scripting pages: about two thirds of the CPU of `chromium --headless`, whose
 * browser process carries the whole browser), else `chromium`; null when there is none.
 */
export function findChromium(): string | null {
  if (chromiumPath !== undefined) return chromiumPath;
  const given = process.env.CHROMIUM_PATH;
  if (given) return (chromiumPath = existsSync(given) ? given : null);
  return (chromiumPath = which('chromium-headless-shell') ?? which('chromium'));
}

let browser: Promise<Browser> | null = null;
/** One page kept open between renders: a new page costs a renderer process start (seconds), a reused one nothing. */
let warm: Promise<{ context: BrowserContext; page: Page }> | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function launch(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  // Sandboxed, and not as root (chromiumLaunch.ts). A start that fails (no sandbox here, a folder it may not
  // write) is the server's state, not the request's: 503 with a reason, the cause for the log (renderPdfAnswer).
  let b: Browser;
  try {
    b = await chromium.launch({ ...chromiumLaunchOptions(executablePath), headless: true });
  } catch (err) {
    throw Object.assign(httpError(503, forwardPolicy().messages.pdfStartFailed), { cause: err });
  }
  b.on('disconnected', () => {
    browser = null;
    warm = null;
  });
  return b;
}

async function openPage(executablePath: string): Promise<{ context: BrowserContext; page: Page }> {
  if (!browser) {
    // A launch that failed is not kept: the next render starts Chromium again.
    const launching = launch(executablePath);
    launching.catch(() => {
      if (browser === launching) browser = null;
    });
    browser = launching;
  }
  const b = await browser;
  // No scripts and no network: the document is sanitised and self-contained (data: images).
  const context = await b.newContext({ javaScriptEnabled: false, offline: true });
  const page = await context.newPage();
  await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
  page.on('crash', () => void dropPage());
  return { context, page };
}

/** Forgets the warm page (crashed, timed out, or the server closes); the next render opens a new one. */
async function dropPage(): Promise<void> {
  const w = warm;
  warm = null;
  if (w) await (await w.catch(() => null))?.context.close().catch(() => undefined);
}

async function renderNow(html: string, executablePath: string): Promise<Buffer> {
  clearTimeout(idleTimer);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // A stuck page is closed, so the next render in the queue gets a fresh one.
      void dropPage();
      reject(httpError(504, `The PDF took longer than ${pdfTimeoutMs / 1000} s to render.`));
    }, pdfTimeoutMs);
  });
  const render = async () => {
    warm ??= openPage(executablePath);
    warm.catch(() => (warm = null));
    const { page } = await warm;
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: pdfTimeoutMs });
      return await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } });
    } catch (err) {
      await dropPage();
      throw err;
    }
  };
  try {
    return await Promise.race([render(), timedOut]);
  } finally {
    clearTimeout(timer);
    idleTimer = setTimeout(() => void closePdfBrowser(), idleMs);
    idleTimer.unref();
  }
}

/** Bounds of the render queue and the cache (issue 26). */
export interface PdfRenderLimits {
  /** Renders queued or running at once; one more is answered 503 busy. */
  maxPending: number;
  /** The cache keeps the most recently used PDFs within these. */
  cacheMaxBytes: number;
  cacheMaxFiles: number;
}

export const pdfRenderLimits: PdfRenderLimits = { maxPending: 8, cacheMaxBytes: 256 * 1024 * 1024, cacheMaxFiles: 2000 };

export const pdfBusyMessage = 'The PDF renderer is busy; try again in a moment.';

let pending = 0;
/** Renders queued or running now (tests wait for it). */
export const pendingPdfRenders = () => pending;
/** Renders under way by cache file: the same document asked again waits for the same render. */
const inFlight = new Map<string, Promise<Buffer>>();

/** Drops the least recently used cached PDFs until the cache is within its bounds. */
async function pruneCache(dir: string, limits: PdfRenderLimits): Promise<void> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.pdf'));
  const files = (await Promise.all(names.map(async (n) => ({ path: join(dir, n), st: await stat(join(dir, n)).catch(() => null) })))).filter((f) => f.st !== null);
  files.sort((a, b) => b.st!.mtimeMs - a.st!.mtimeMs);
  let bytes = 0;
  for (const [i, f] of files.entries()) {
    bytes += f.st!.size;
    if (i >= limits.cacheMaxFiles || bytes > limits.cacheMaxBytes) await unlink(f.path).catch(() => undefined);
  }
}

async function renderAndStore(html: string, exe: string, dir: string, file: string, limits: PdfRenderLimits): Promise<Buffer> {
  pending++;
  try {
    const run = queue.then(() => timed(pdfRenderSeconds, { kind: 'email' }, () => renderNow(html, exe)));
    queue = run.catch(() => undefined);
    const pdf = await run;
    await mkdir(dir, { recursive: true });
    await writeFile(`${file}.tmp`, pdf);
    await rename(`${file}.tmp`, file);
    await pruneCache(dir, limits);
    return pdf;
  } finally {
    pending--;
  }
}

/**
 * The document as a PDF, rendered by headless Chromium started on demand (kept warm with one open
 * page until idleMs without a render): one render at a time, each within pdfTimeoutMs, at most
 * `maxPending` queued or running (503 busy beyond), cached under DATA_DIR/pdf-cache by the sha256 of
 * the HTML within the cache bounds (least recently used dropped first). 503 with a plain message
 * when the server has no Chromium.
 */
export async function renderPdf(html: string, dataDir: string, limits: PdfRenderLimits = pdfRenderLimits): Promise<Buffer> {
  const hash = createHash('sha256').update(html).digest('hex');
  const dir = join(dataDir, 'pdf-cache');
  const file = join(dir, `${hash}.pdf`);
  const cached = await readFile(file).catch(() => null);
  if (cached) {
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return cached;
  }
  const same = inFlight.get(file);
  if (same) return same;
  const exe = findChromium();
  if (!exe) throw httpError(503, forwardPolicy().messages.pdfUnavailable);
  if (pending >= limits.maxPending) throw httpError(503, pdfBusyMessage);
  const render = renderAndStore(html, exe, dir, file, limits);
  inFlight.set(file, render);
  try {
    return await render;
  } finally {
    inFlight.delete(file);
  }
}

/** Closes the warm browser (server shutdown, tests). */
export async function closePdfBrowser(): Promise<void> {
  clearTimeout(idleTimer);
  await dropPage();
  const b = browser;
  browser = null;
  // A launch that failed has nothing to close (and its rejection, from the idle timer's call, would end the process).
  if (b) await b.then((opened) => opened.close()).catch(() => undefined);
}

/** Test hook: forget the Chromium lookup (CHROMIUM_PATH changed). */
export function resetChromiumLookup(): void {
  chromiumPath = undefined;
}
