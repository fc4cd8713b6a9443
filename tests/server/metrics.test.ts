import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/Db';
import { closePdfBrowser, renderPdf } from '../../src/server/forward/renderPdf';
import { importPaths } from '../../src/server/import/importPaths';
import type { JobQueue } from '../../src/server/jobs/JobQueue';
import { openJobQueue } from '../../src/server/jobs/openJobQueue';
import { createMailer } from '../../src/server/mail/mailer';
import { startLoopbackSmtp } from './helpers/loopbackSmtp';
import { testConfig } from './helpers/testContext';
import { openTestDb } from './helpers/testDb';

// Issue 31 item 4: GET /metrics in the Prometheus text format, behind PORTAL_METRICS_TOKEN.

const token = 'metrics-test-token-0123456789';

/** The value of one series (`name{a="x",...}`) in a Prometheus text page; undefined when absent. */
function series(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  let db: Db;
  let app: FastifyInstance;
  let jobs: JobQueue;
  let tmp: string;
  const config = testConfig({ metricsToken: token });
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ config, db });
    jobs = await openJobQueue(db);
    tmp = mkdtempSync(join(tmpdir(), 'portal-metrics-'));
  });
  afterAll(async () => {
    await closePdfBrowser();
    await jobs?.stop();
    await app?.close();
    await db?.close();
    config.cleanup();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers 401 without the token or with a wrong one, and the Prometheus format with it', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.json()).toEqual({ error: 'Unauthorized', message: 'A valid metrics token is required (Authorization: Bearer <PORTAL_METRICS_TOKEN>).' });
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('portal_');
    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toMatch(/^# HELP portal_http_request_duration_seconds /m);
    expect(series(ok.body, 'portal_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('times requests by route pattern, not by the path asked for', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/health', status_code: '200' };
    const count0 = series(before, 'portal_http_request_duration_seconds_count', route) ?? 0;
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/api/no-such-route-12345' });
    // A client route (the single page app's index.html, or the not-built answer) is a page, not unmatched.
    await app.inject({ method: 'GET', url: '/emailEditor/12345' });
    const after = await scrape();
    expect(after).not.toContain('/emailEditor/12345');
    expect(after).toMatch(/portal_http_request_duration_seconds_count\{[^}]*route="client page"/);
    expect(series(after, 'portal_http_request_duration_seconds_count', route)).toBe(count0 + 3);
    expect(series(after, 'portal_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(count0 + 3);
    expect(after).not.toContain('no-such-route-12345');
    expect(series(after, 'portal_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the job queue depth and failures by kind', async () => {
    // A kind nobody works on waits; a kind whose handler throws fails (retryLimit 0).
    await jobs.enqueue('metrics.waiting', {});
    await jobs.enqueue('metrics.waiting', {});
    await jobs.register('metrics.broken', async () => {
      throw new Error('broken on purpose');
    }, { retryLimit: 0, pollingIntervalSeconds: 0.5 });
    const id = await jobs.enqueue('metrics.broken', {});
    expect((await jobs.waitFor('metrics.broken', id as string)).state).toBe('failed');
    const page = await scrape();
    expect(series(page, 'portal_job_queue_depth', { kind: 'metrics.waiting' })).toBe(2);
    expect(series(page, 'portal_jobs', { kind: 'metrics.waiting', state: 'created' })).toBe(2);
    expect(series(page, 'portal_jobs', { kind: 'metrics.broken', state: 'failed' })).toBe(1);
    expect(series(page, 'portal_job_failures_total', { kind: 'metrics.broken' })).toBe(1);
  });

  it('shows each labelled series at 0 before its first event (an alert on "failed > 0" sees the first failure)', async () => {
    await jobs.register('metrics.neverFails', async () => ({ ok: true }), { pollingIntervalSeconds: 0.5 });
    const page = await scrape();
    expect(series(page, 'portal_job_failures_total', { kind: 'metrics.neverFails' })).toBe(0);
    for (const outcome of ['imported', 'duplicate', 'failed']) expect(series(page, 'portal_import_messages_total', { outcome }), outcome).toBeGreaterThanOrEqual(0);
    for (const kind of ['email', 'product_pdf']) expect(series(page, 'portal_pdf_render_seconds_count', { kind }), kind).toBeGreaterThanOrEqual(0);
    // The app's mailer (no SMTP_URL in the tests: the outbox).
    expect(series(page, 'portal_mail_sent_total', { transport: 'outbox' })).toBeGreaterThanOrEqual(0);
    expect(series(page, 'portal_mail_refused_total', { transport: 'outbox' })).toBeGreaterThanOrEqual(0);
  });

  it('counts imported messages and the import throughput', async () => {
    const before = await scrape();
    const imported0 = series(before, 'portal_import_messages_total', { outcome: 'imported' }) ?? 0;
    const dup0 = series(before, 'portal_import_messages_total', { outcome: 'duplicate' }) ?? 0;
    for (const n of [1, 2]) {
      writeFileSync(join(tmp, `m${n}.eml`), `From: a@shop.example\r\nTo: b@panel.example\r\nSubject: Offer ${n}\r\nMessage-ID: <m${n}@shop.example>\r\nDate: Mon, 2 Jan 2023 10:00:00 +0000\r\n\r\nBody number ${n} of the offer.\r\n`);
    }
    await importPaths(db, [tmp], { panelists: 'hash' });
    await importPaths(db, [join(tmp, 'm1.eml')], { panelists: 'hash' });
    const after = await scrape();
    expect(series(after, 'portal_import_messages_total', { outcome: 'imported' })).toBe(imported0 + 2);
    expect(series(after, 'portal_import_messages_total', { outcome: 'duplicate' })).toBe(dup0 + 1);
    expect(series(after, 'portal_import_seconds_total')).toBeGreaterThan(0);
    expect(series(after, 'portal_import_last_throughput_messages_per_second')).toBeGreaterThan(0);
  });

  it('counts mail sent and refused', async () => {
    const good = await startLoopbackSmtp();
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, cb) {
        cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
    const refusingPort = (refusing.server.address() as { port: number }).port;
    try {
      const before = await scrape();
      const sent0 = series(before, 'portal_mail_sent_total', { transport: 'smtp' }) ?? 0;
      const refused0 = series(before, 'portal_mail_refused_total', { transport: 'smtp' }) ?? 0;
      const ok = createMailer({ smtpUrl: good.url, dataDir: config.dataDir });
      await ok.send({ to: 'x@panel.example', subject: 'hello', text: 'hi' });
      ok.close();
      const no = createMailer({ smtpUrl: `smtp://127.0.0.1:${refusingPort}`, dataDir: config.dataDir });
      await expect(no.send({ to: 'y@panel.example', subject: 'hello', text: 'hi' })).rejects.toThrow(/mailbox unavailable/);
      no.close();
      const after = await scrape();
      expect(good.received).toHaveLength(1);
      expect(series(after, 'portal_mail_sent_total', { transport: 'smtp' })).toBe(sent0 + 1);
      expect(series(after, 'portal_mail_refused_total', { transport: 'smtp' })).toBe(refused0 + 1);
    } finally {
      await good.close();
      await new Promise<void>((r) => refusing.close(() => r()));
    }
  });

  it('times PDF rendering', async () => {
    const before = await scrape();
    const n0 = series(before, 'portal_pdf_render_seconds_count', { kind: 'email' }) ?? 0;
    const pdf = await renderPdf(`<html><body><p>metrics ${Date.now()}</p></body></html>`, config.dataDir);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const after = await scrape();
    expect(series(after, 'portal_pdf_render_seconds_count', { kind: 'email' })).toBe(n0 + 1);
    expect(series(after, 'portal_pdf_render_seconds_sum', { kind: 'email' })).toBeGreaterThan(0);
  });
});

describe('metrics and log configuration', () => {
  it('turns /metrics off without PORTAL_METRICS_TOKEN and refuses a short token', async () => {
    const config = testConfig();
    const db = await openTestDb();
    const app = await buildApp({ config, db });
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-here' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Metrics are off: set PORTAL_METRICS_TOKEN to serve them.');
    } finally {
      await app.close();
      await db.close();
      config.cleanup();
    }
    expect(() => loadConfig({ PORTAL_METRICS_TOKEN: 'short' })).toThrow('PORTAL_METRICS_TOKEN must be at least 16 characters');
    expect(loadConfig({ PORTAL_METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
  });

  it('logs through pino-pretty on a terminal and as JSON lines otherwise', () => {
    expect(loggerOptions('info', true)).toMatchObject({ level: 'info', transport: { target: 'pino-pretty' } });
    expect(loggerOptions('warn', false)).toEqual({ level: 'warn' });
  });
});
