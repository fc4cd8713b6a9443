import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import type { Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/openDb';
import { png } from '../server/helpers/forwardFixture';
import { startLoopbackSmtp } from '../server/helpers/loopbackSmtp';
import { pdfText } from '../server/helpers/pdfText';
import { copySeededDataDir, startServer, type StartedServer } from '../server/helpers/startServer';
import { launchBrowser, type TestBrowser } from './helpers/browser';
import { reviewShot } from './helpers/reviewShot';
import { e2eAdminPassword } from './helpers/signIn';

// Issue 12: the forward loop on a demo email (000 §2 forward editor, §4, §5, §7, §8).
const adminPassword = e2eAdminPassword;
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

describe('forward editor in the browser', () => {
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  let server: StartedServer;
  let browser: TestBrowser;
  let page: Page;
  let dataDir: string;
  let demo: { muid: number; subject: string; word: string };

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-forward-e2e-'));
    // The demo data with 300 demo emails, as a first start leaves it.
    copySeededDataDir('demo', dataDir);
    const db = await openDb({ dataDir });
    try {
      await db.query("update auth_users set email = 'admin@research.example' where username = 'admin'");
      // A demo marketing email with links, made the newest so the dashboard lists it first.
      const r = await db.query<{ muid: string; email_subject: string; html_body: string }>(
        `update emails set email_date = now(), deleted = 0 where muid = (
           select muid from emails where html_body ~* '<a [^>]*href="?http' and length(html_body) between 1500 and 60000 and email_subject <> '' order by muid limit 1)
         returning muid, email_subject, html_body`,
      );
      const row = r.rows[0]!;
      const text = row.html_body.replace(/<(style|script)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
      const word = (text.match(/\b[A-Za-z]{6,}\b/g) ?? []).find((w) => text.split(w).length > 2) ?? 'the';
      demo = { muid: Number(row.muid), subject: row.email_subject, word };
    } finally {
      await db.close();
    }
    server = await startServer({ dataDir, env: { SMTP_URL: smtp.url, FORWARD_TO: 'catalogue@research.example' } });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/signin');
  }, 360_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const dialogText = () => page.getByTestId('dialog-message').textContent();
  // Blueprint overlays fade out: the page takes clicks again once the backdrop is gone.
  const noOverlay = () => poll(() => page.locator('.bp6-overlay-backdrop').count()).toBe(0);
  const closeDialog = async () => {
    await page.getByRole('button', { name: 'Ok' }).click();
    await poll(() => page.getByTestId('dialog-message').count()).toBe(0);
    await noOverlay();
  };
  const body = () => page.getByTestId('body-richtext').locator('[data-slate-editor]');

  it('opens from the subject, edits, finds and replaces, removes links, attaches, drafts and sends to SMTP', async () => {
    await page.goto(`${server.url}/`);
    const link = page.locator(`a[href^="/emailEditor/${demo.muid}?"], a[href="/emailEditor/${demo.muid}"]`).first();
    await link.click();
    await page.waitForURL((url) => url.pathname === `/emailEditor/${demo.muid}`);
    await poll(() => body().locator('a[href]').count()).toBeGreaterThan(0);
    expect(await page.locator('#forward_to').inputValue()).toBe('catalogue@research.example');
    expect(await page.locator('#cc').inputValue()).toBe('admin@research.example');
    await reviewShot(page, 'forward-editor-1440.png');

    // Edit the body: type at its start.
    await body().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('EDITEDBYE2E ');
    // Bold follows the caret: lit for the text typed after Ctrl+B and inside it, dark back in plain text.
    const boldButton = page.getByTestId('body-richtext').getByRole('button', { name: 'Bold' });
    await page.keyboard.press('Control+b');
    await poll(() => boldButton.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('BOLDBYE2E');
    await page.keyboard.press('ArrowLeft');
    await poll(() => boldButton.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Control+Home');
    await poll(() => boldButton.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Control+End');
    await poll(() => boldButton.getAttribute('aria-pressed')).toBe('false');
    // Find and replace every occurrence of a word of the email.
    const before = (await body().innerText()).split(demo.word).length - 1;
    expect(before).toBeGreaterThan(1);
    await page.getByText('Match case', { exact: true }).click();
    await page.getByLabel('Find').fill(demo.word);
    await poll(() => page.locator('.portal-richtext-count').first().textContent()).toBe(`${before} found`);
    await page.getByLabel('Replace with').fill('REPLACEDBYE2E');
    await page.getByRole('button', { name: 'Replace All' }).click();
    await poll(async () => (await body().innerText()).split(demo.word).length - 1).toBe(0);
    // Remove Link asks first.
    await page.getByRole('button', { name: 'Remove Link' }).click();
    await poll(() => page.locator('.bp6-alert-body').textContent()).toBe('Are you sure to remove all links?');
    await page.getByRole('button', { name: 'Ok' }).click();
    await poll(() => body().locator('a').count()).toBe(0);
    await noOverlay();
    // The message above the forwarded copy.
    await page.getByTestId('message-richtext').locator('[data-slate-editor]').click();
    await page.keyboard.type('Please catalogue this one.');

    // Attach a PDF and a PNG.
    const input = page.locator('input[type=file][name=email_attachment]');
    await input.setInputFiles({ name: 'offer.pdf', mimeType: 'application/pdf', buffer: pdf });
    await poll(() => page.getByRole('status').textContent()).toBe('File uploaded successfully');
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await poll(() => page.getByRole('table', { name: 'Attachments' }).locator('tbody tr').count()).toBe(2);

    // Save a draft: history says Drafted.
    await noOverlay();
    await page.getByRole('button', { name: 'Save Product Info' }).click();
    await poll(dialogText).toBe('Email saved Successfully!');
    await closeDialog();
    const history = page.getByRole('table', { name: 'Forward history' });
    await poll(() => history.locator('tbody tr').first().locator('td').nth(4).textContent()).toBe('Drafted');
    await reviewShot(page, 'forward-editor-1440-full.png', { fullPage: true });

    // Send.
    await page.getByRole('button', { name: 'Save & Send' }).click();
    await poll(dialogText).toBe('Email send Successfully!');
    await closeDialog();
    await poll(() => smtp.received.length).toBe(1);
    await poll(() => history.locator('tbody tr').first().locator('td').nth(4).textContent()).toBe('catalogue@research.example');

    const got = smtp.received[0]!;
    expect(got.from).toBe('admin@research.example');
    expect(got.rcptTo.sort()).toEqual(['admin@research.example', 'catalogue@research.example']);
    const mail = await PostalMime.parse(got.raw);
    expect(mail.subject).toBe(demo.subject);
    expect(mail.to?.map((a) => a.address)).toEqual(['catalogue@research.example']);
    expect(mail.cc?.map((a) => a.address)).toEqual(['admin@research.example']);
    const html = mail.html ?? '';
    expect(html).toContain('EDITEDBYE2E <strong>BOLDBYE2E</strong>');
    expect(html).toContain('REPLACEDBYE2E');
    // Replaced in the text (attributes such as alt or style may still name it).
    const sent = new JSDOM(html).window.document;
    for (const el of Array.from(sent.querySelectorAll('style, title'))) el.remove();
    expect(sent.body.textContent).not.toContain(demo.word);
    expect(sent.body.textContent).toContain('REPLACEDBYE2E');
    expect(html).not.toMatch(/<a\s[^>]*href/i);
    expect(html.indexOf('Please catalogue this one.')).toBeGreaterThanOrEqual(0);
    expect(html.indexOf('Please catalogue this one.')).toBeLessThan(html.indexOf('EDITEDBYE2E'));
    const files = mail.attachments.filter((a) => a.disposition === 'attachment');
    expect(files.map((a) => a.filename)).toEqual(['offer.pdf', 'logo.png']);
    expect(Buffer.from(files[0]!.content as ArrayBuffer).equals(pdf)).toBe(true);
    expect(Buffer.from(files[1]!.content as ArrayBuffer).equals(png)).toBe(true);
  });

  it('shows the email as a real PDF (Show PDF / View Processed PDF) and fits 1366x768', async () => {
    const res = await page.request.get(`${server.url}/api/emails/render-pdf/${demo.muid}/original`, { timeout: 120_000 });
    expect(res.status()).toBe(200);
    const bytes = await res.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text.replace(/\s+/g, ' ')).toContain(demo.subject.replace(/\s+/g, ' ').slice(0, 20));
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${server.url}/emailEditor/${demo.muid}`);
    await poll(() => body().count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await reviewShot(page, 'forward-editor-1366.png');
  });
});
