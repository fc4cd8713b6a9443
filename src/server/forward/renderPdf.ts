import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { httpError } from '../httpError';
import { forwardPolicy } from './forwardPolicy';

/** Longest a single render may take (Chromium start included). */
export const pdfTimeoutMs = 60_000;
/** A warm browser is closed after this long without a render. */
const idleMs = 60_000;

let chromiumPath: string | null | undefined;

/** Debian's Chromium (`which chromium`), or CHROMIUM_PATH; null when there is none. */
export function findChromium(): string | null {
  if (chromiumPath !== undefined) return chromiumPath;
  const given = process.env.CHROMIUM_PATH;
  if (given) return (chromiumPath = existsSync(given) ? given : null);
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    chromiumPath = found || null;
  } catch {
    chromiumPath = null;
  }
  return chromiumPath;
}

let browser: Promise<Browser> | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function launch(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const b = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  });
  b.on('disconnected', () => {
    browser = null;
  });
  return b;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(httpError(504, `The PDF took longer than ${ms / 1000} s to render.`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

async function renderNow(html: string, executablePath: string): Promise<Buffer> {
  clearTimeout(idleTimer);
  browser ??= launch(executablePath);
  const b = await browser;
  // No scripts and no network: the document is sanitised and self-contained (data: images).
  const context = await b.newContext({ javaScriptEnabled: false, offline: true });
  try {
    const page = await context.newPage();
    await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
    await page.setContent(html, { waitUntil: 'load', timeout: pdfTimeoutMs });
    return await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } });
  } finally {
    await context.close().catch(() => undefined);
    idleTimer = setTimeout(() => void closePdfBrowser(), idleMs);
    idleTimer.unref();
  }
}

/**
 * The document as a PDF, rendered by headless Chromium started on demand: one render at a time,
 * each within pdfTimeoutMs, cached under DATA_DIR/pdf-cache by the sha256 of the HTML. 503 with a
 * plain message when the server has no Chromium.
 */
export async function renderPdf(html: string, dataDir: string): Promise<Buffer> {
  const hash = createHash('sha256').update(html).digest('hex');
  const dir = join(dataDir, 'pdf-cache');
  const file = join(dir, `${hash}.pdf`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return cached;
  const exe = findChromium();
  if (!exe) throw httpError(503, forwardPolicy().messages.pdfUnavailable);
  const run = queue.then(() => withTimeout(renderNow(html, exe), pdfTimeoutMs));
  queue = run.catch(() => undefined);
  const pdf = await run;
  await mkdir(dir, { recursive: true });
  await writeFile(`${file}.tmp`, pdf);
  await rename(`${file}.tmp`, file);
  return pdf;
}

/** Closes the warm browser (server shutdown, tests). */
export async function closePdfBrowser(): Promise<void> {
  clearTimeout(idleTimer);
  const b = browser;
  browser = null;
  if (b) await (await b).close().catch(() => undefined);
}

/** Test hook: forget the Chromium lookup (CHROMIUM_PATH changed). */
export function resetChromiumLookup(): void {
  chromiumPath = undefined;
}
