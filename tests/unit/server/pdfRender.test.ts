import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../src/server/forward/chromiumLaunch';
import { HttpError } from '../../../src/server/httpError';
import { closePdfBrowser, findChromium, pdfBusyMessage, pdfRenderLimits, pendingPdfRenders, renderPdf, resetChromiumLookup } from '../../../src/server/forward/renderPdf';

// Issue 26, "also from reading": the email-PDF renderer's queue and cache are bounded, and Chromium
// runs with its sandbox, never as root.

const doc = (text: string) => `<!doctype html><html><body><p>${text}</p></body></html>`;
/** A document's file in the cache: the sha256 of its HTML. */
const cacheName = (html: string) => `${createHash('sha256').update(html).digest('hex')}.pdf`;

/** Processes whose parent is this one, with their uid and command line (Linux /proc). */
function children(): Array<{ pid: number; uid: number; cmdline: string[] }> {
  const out: Array<{ pid: number; uid: number; cmdline: string[] }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) !== process.pid) continue;
      out.push({ pid: Number(name), uid: Number(/Uid:\s+(\d+)/.exec(status)?.[1]), cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0') });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

describe.skipIf(!findChromium())('email PDF rendering (issue 26)', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-pdf-render-'));
  afterAll(async () => {
    await closePdfBrowser();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const cacheFiles = () => readdirSync(join(dataDir, 'pdf-cache')).filter((n) => n.endsWith('.pdf')).sort();

  it('Chromium runs with its sandbox, and not as root when the server is', async () => {
    const pdf = await renderPdf(doc('sandboxed'), dataDir);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const browser = children().find((c) => c.cmdline.some((a) => a.includes('chromium')));
    expect(browser, 'the Chromium the renderer started').toBeDefined();
    expect(browser!.cmdline).not.toContain('--no-sandbox');
    if (process.getuid?.() === 0) expect(browser!.uid).not.toBe(0);
  });

  it.skipIf(process.getuid?.() !== 0)('as root, the launcher is written again when a temp cleaner removed it', () => {
    const first = chromiumLaunchOptions(findChromium()!).executablePath;
    rmSync(first);
    const again = chromiumLaunchOptions(findChromium()!).executablePath;
    expect(existsSync(again), again).toBe(true);
    expect(readFileSync(again, 'utf8')).toContain('setpriv');
  });

  it.skipIf(process.getuid?.() !== 0)('as root, Chromium starts when TMPDIR is a folder only root may write', async () => {
    // Chromium (as nobody) makes its profile's lock socket in TMPDIR: it refused to start ("Failed to create a
    // ProcessSingleton") and every PDF answered 500.
    await closePdfBrowser();
    const rootOnly = mkdtempSync(join(tmpdir(), 'portal-root-tmp-'));
    chmodSync(rootOnly, 0o755);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = rootOnly;
    try {
      const pdf = await renderPdf(doc('a temporary folder only root may write'), dataDir);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await closePdfBrowser();
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      rmSync(rootOnly, { recursive: true, force: true });
    }
  });

  it('a Chromium that does not start: that render answers 503 with its reason, the next starts Chromium again, closing does not throw', async () => {
    await closePdfBrowser();
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/bin/false';
    resetChromiumLookup();
    try {
      await expect(renderPdf(doc('no browser'), dataDir)).rejects.toMatchObject({ statusCode: 503, message: 'PDF rendering is not available right now: Chromium did not start on the server. The error has been logged.' });
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
      resetChromiumLookup();
    }
    // The idle timer closes the renderer after a render, failed or not: a rejection there ended the server.
    const pdf = await renderPdf(doc('Chromium again'), dataDir);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await closePdfBrowser();
    process.env.CHROMIUM_PATH = '/bin/false';
    resetChromiumLookup();
    try {
      await expect(renderPdf(doc('no browser again'), dataDir)).rejects.toMatchObject({ statusCode: 503 });
      await expect(closePdfBrowser()).resolves.toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
      resetChromiumLookup();
    }
  });

  it('at most maxPending renders wait: one more is refused at once with 503 busy', async () => {
    const limits = { ...pdfRenderLimits, maxPending: 1 };
    const first = renderPdf(doc('first in the queue'), dataDir, limits);
    for (let i = 0; pendingPdfRenders() < 1 && i < 1000; i++) await new Promise((r) => setTimeout(r, 5));
    const refused = await renderPdf(doc('one too many'), dataDir, limits).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, message: pdfBusyMessage });
    expect((await first).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the cache keeps the most recently used PDFs within its bounds', async () => {
    rmSync(join(dataDir, 'pdf-cache'), { recursive: true, force: true });
    const limits = { ...pdfRenderLimits, cacheMaxFiles: 2 };
    const a = await renderPdf(doc('A'), dataDir, limits);
    await renderPdf(doc('B'), dataDir, limits);
    expect(cacheFiles()).toHaveLength(2);
    // A is used again (a cache hit), so B is now the least recently used.
    expect((await renderPdf(doc('A'), dataDir, limits)).equals(a)).toBe(true);
    const before = cacheFiles();
    await renderPdf(doc('C'), dataDir, limits);
    const after = cacheFiles();
    expect(after).toHaveLength(2);
    const dropped = before.filter((f) => !after.includes(f));
    expect(dropped).toHaveLength(1);
    // The one dropped is B's: A is still served from the cache, unchanged.
    expect((await renderPdf(doc('A'), dataDir, limits)).equals(a)).toBe(true);
    expect(cacheFiles()).toEqual(after);
  });

  it('past the cache byte bound the least recently used PDF is dropped', async () => {
    rmSync(join(dataDir, 'pdf-cache'), { recursive: true, force: true });
    const a = await renderPdf(doc('A'), dataDir);
    const b = await renderPdf(doc('B'), dataDir);
    expect(cacheFiles()).toHaveLength(2);
    // Room for A and B, not for a third: C pushes out A, the least recently used.
    const limits = { ...pdfRenderLimits, cacheMaxBytes: a.length + b.length + 100 };
    const c = await renderPdf(doc('C'), dataDir, limits);
    expect(a.length + b.length + c.length).toBeGreaterThan(limits.cacheMaxBytes);
    expect(cacheFiles()).toEqual([cacheName(doc('B')), cacheName(doc('C'))].sort());
  });
});
