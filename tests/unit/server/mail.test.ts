import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, defaultFrom, outboxDir } from '../../../src/server/mail/mailer';

interface Received {
  from: string;
  rcptTo: string[];
  user?: string;
  raw: Buffer;
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives. */
async function startSmtp(auth?: { user: string; pass: string }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(a, _session, cb) {
      if (auth && a.username === auth.user && a.password === auth.pass) cb(null, { user: a.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: (session.envelope.mailFrom as SMTPServerAddress).address,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mail through SMTP_URL (real SMTP server on loopback)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-mail-'));
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the message with its subject, body and recipients, and writes nothing to the outbox', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir });
    expect(mailer.kind).toBe('smtp');
    const sent = await mailer.send({
      to: ['Ann Analyst <ann@example.com>', 'qa@example.com'],
      cc: 'lead@example.com',
      subject: 'Product 2024-05-01-0001 approved – ready for QA',
      text: 'The product was approved.\nOpen it in the portal.',
    });
    mailer.close();
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0];
    expect(got.from).toBe('no-reply@content-portal.local');
    expect(got.rcptTo.sort()).toEqual(['ann@example.com', 'lead@example.com', 'qa@example.com']);
    const email = await PostalMime.parse(got.raw);
    expect(email.subject).toBe('Product 2024-05-01-0001 approved – ready for QA');
    expect(email.text?.trim()).toBe('The product was approved.\nOpen it in the portal.');
    expect(email.to?.map((a) => a.address)).toEqual(['ann@example.com', 'qa@example.com']);
    expect(email.to?.[0].name).toBe('Ann Analyst');
    expect(email.cc?.map((a) => a.address)).toEqual(['lead@example.com']);
    expect(email.from?.name).toBe('Content Portal');
    expect(email.messageId).toBe(sent.messageId);
    expect(sent.file).toBeUndefined();
    expect(() => readdirSync(outboxDir(dataDir))).toThrow();
  });

  it('signs in with the credentials in SMTP_URL', async () => {
    const authed = await startSmtp({ user: 'portal', pass: 's3cret' });
    try {
      const good = createMailer({ smtpUrl: `smtp://portal:s3cret@127.0.0.1:${authed.port}`, dataDir });
      await good.send({ to: 'x@example.com', subject: 'hello', text: 'hi', html: '<p>hi <b>there</b></p>' });
      good.close();
      expect(authed.received).toHaveLength(1);
      expect(authed.received[0].user).toBe('portal');
      const email = await PostalMime.parse(authed.received[0].raw);
      expect(email.html).toContain('<p>hi <b>there</b></p>');

      const bad = createMailer({ smtpUrl: `smtp://portal:wrong@127.0.0.1:${authed.port}`, dataDir });
      await expect(bad.send({ to: 'x@example.com', subject: 'no', text: 'no' })).rejects.toThrow(/Invalid username or password/);
      bad.close();
      expect(authed.received).toHaveLength(1);
    } finally {
      await authed.close();
    }
  });
});

describe('mail without SMTP_URL (outbox)', () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message as an RFC 822 .eml file in DATA_DIR/outbox', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-outbox-'));
    const mailer = createMailer({ dataDir });
    expect(mailer.kind).toBe('outbox');
    const first = await mailer.send({
      to: 'ann@example.com',
      subject: 'Weekly summary',
      text: 'Three products are waiting for approval.',
      attachments: [{ filename: 'summary.csv', content: 'id,status\n1,pending\n', contentType: 'text/csv' }],
    });
    const second = await mailer.send({ to: 'bob@example.com', from: 'QA <qa@example.com>', subject: 'Second', text: 'two' });
    mailer.close();

    const files = readdirSync(outboxDir(dataDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    expect(first.file).toBe(join(outboxDir(dataDir), files[0]));

    const raw = readFileSync(first.file!);
    expect(raw.toString()).toContain('\r\n');
    expect(raw.toString().replace(/\r\n/g, '')).not.toContain('\n');
    const email = await PostalMime.parse(raw);
    expect(email.subject).toBe('Weekly summary');
    expect(email.text?.trim()).toBe('Three products are waiting for approval.');
    expect(email.to?.map((a) => a.address)).toEqual(['ann@example.com']);
    expect(`${email.from?.name} <${email.from?.address}>`).toBe(defaultFrom);
    expect(email.messageId).toBe(first.messageId);
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments[0].filename).toBe('summary.csv');
    expect(Buffer.from(email.attachments[0].content as ArrayBuffer).toString()).toBe('id,status\n1,pending\n');

    const other = await PostalMime.parse(readFileSync(second.file!));
    expect(other.from?.address).toBe('qa@example.com');
    expect(other.subject).toBe('Second');
  });
});
