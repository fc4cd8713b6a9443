import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { findRole } from '../../src/server/auth/roles';
import { createUser } from '../../src/server/auth/users';
import type { Db } from '../../src/server/db/Db';
import { loadMailPolicy } from '../../src/server/mail/mailPolicy';
import { openMetadataStore } from '../../src/server/metadata/metadataStore';
import { metadataDir } from '../../src/server/metadataDir';
import { projectRoot } from '../../src/server/paths';
import { bearer, seedRoleUsers, signInAs } from './helpers/authKit';
import { sanitizerBypasses } from '../fixtures/mail/sanitizerBypasses';
import { insertForwardEmail } from './helpers/forwardFixture';
import { startLoopbackSmtp } from './helpers/loopbackSmtp';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';
import { testStorage } from './helpers/testStorage';

// Issue 26 holes 1 (sending as another user), 2 (open relay) and 4 (attachment buffering and a raced cap).

const boundary = '----mail-security';
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
const multipart = (filename: string, content: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="email_attachment"; filename="${filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

const notOwner = 'Only the creator of this forward or an administrator may change, send or delete it.';

describe('the mail feature as an attacker tries it', () => {
  let db: Db;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  let config: ReturnType<typeof testConfig>;
  const as: Record<'alice' | 'bob' | 'carol' | 'dave' | 'admin', Record<string, string>> = {} as never;
  let muid: number;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    db = await openTestDb();
    config = testConfig({ smtpUrl: smtp.url, forwardTo: 'catalogue@research.example', mail: { maxRecipients: 3, sendsPerHour: 3 } });
    app = await buildApp({ config, db });
    await app.ready();
    const users = await seedRoleUsers(db);
    const reviewerRole = (await findRole(db, 'reviewer'))!.role_id;
    for (const name of ['alice', 'bob', 'carol', 'dave'] as const) {
      await createUser(db, { username: name, password: `${name}-password-long`, role_id: reviewerRole, email: name === 'dave' ? '' : `${name}@research.example` });
      as[name] = bearer((await signInAs(app, name, `${name}-password-long`)).accessToken);
    }
    await db.query("update auth_users set email = 'boss@research.example' where username = 'admin'");
    as.admin = bearer((await signInAs(app, users.admin.username, users.admin.password)).accessToken);
    muid = await insertForwardEmail(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await smtp.close();
    config.cleanup();
  });

  const saveDraft = (who: Record<string, string>, extra: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: '/api/emails/html-body', headers: who, payload: { muid, argtype: 'forward', body: '<p>Alice’s copy</p>', forward_subject: 'Fwd: Alice', forward_to: 'catalogue@research.example', ...extra } });
  const send = (who: Record<string, string>, extra: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: '/api/emails/send-mail', headers: who, payload: { muid, body: '<p>copy</p>', subject: 'Fwd: copy', forward_to: 'catalogue@research.example', ...extra } });
  const upload = (who: Record<string, string>, name: string, content: Buffer, efid?: number) =>
    app.inject({ method: 'POST', url: `/api/emails/upload-attachments/${muid}${efid ? `?efid=${efid}` : ''}`, headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipart(name, content) });

  describe('hole 1: a draft belongs to its creator', () => {
    it("another user can read Alice's draft but not send it, save over it, attach to it or delete it; nothing is mailed or changed", async () => {
      const saved = await saveDraft(as.alice);
      expect(saved.statusCode, saved.body).toBe(200);
      const efid = saved.json().result.ids as number;
      const up = await upload(as.alice, 'a.pdf', pdfOf(200), efid);
      expect(up.statusCode, up.body).toBe(200);
      const before = (await db.query('select * from forwarded_emails where efid = $1', [efid])).rows[0];

      const read = await app.inject({ method: 'GET', url: `/api/emails/html-body/${muid}/${efid}`, headers: as.bob });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ body: '<p>Alice’s copy</p>', mine: false, forward_from: 'bob@research.example' });
      const history = (await app.inject({ method: 'GET', url: `/api/emails/forwarded/${muid}`, headers: as.bob })).json();
      expect(history.forwardjson.find((f: { efid: number }) => f.efid === efid)).toMatchObject({ created_by: 'alice', forward_from: 'alice@research.example', mine: false });

      const sent = await send(as.bob, { ids: efid, forward_to: 'bob@research.example', forward_from: 'alice@research.example' });
      expect(sent.statusCode).toBe(403);
      expect(sent.json().message).toBe(notOwner);
      const over = await saveDraft(as.bob, { ids: efid, body: '<p>Bob was here</p>' });
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toBe(notOwner);
      expect((await upload(as.bob, 'b.pdf', pdfOf(200), efid)).statusCode).toBe(403);
      const attId = up.json().ceafid as number;
      expect((await app.inject({ method: 'DELETE', url: `/api/emails/attachment/${attId}`, headers: as.bob })).statusCode).toBe(403);
      const del = await app.inject({ method: 'DELETE', url: `/api/emails/forwarded/${muid}/${efid}`, headers: as.bob });
      expect(del.statusCode).toBe(403);

      expect(smtp.received).toHaveLength(0);
      expect((await db.query('select * from forwarded_emails where efid = $1', [efid])).rows[0]).toEqual(before);
      expect((await db.query('select count(*)::int as n from forward_attachments where ceafid = $1', [attId])).rows[0]).toEqual({ n: 1 });
    });

    it("the From is always the signed-in sender: Bob's own mail claiming Alice goes out from Bob; an administrator may send Alice's draft, from the administrator", async () => {
      const bobs = await send(as.bob, { forward_from: 'alice@research.example' });
      expect(bobs.statusCode, bobs.body).toBe(200);
      const mail = smtp.received.at(-1)!;
      expect(mail.from).toBe('bob@research.example');
      expect((await PostalMime.parse(mail.raw)).from?.address).toBe('bob@research.example');

      const efid = (await saveDraft(as.alice)).json().result.ids as number;
      const byAdmin = await send(as.admin, { ids: efid });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(smtp.received.at(-1)!.from).toBe('boss@research.example');
      const row = (await db.query<{ forward_from: string; forward_to: string }>('select forward_from, forward_to from forwarded_emails where efid = $1', [efid])).rows[0];
      expect(row).toEqual({ forward_from: 'boss@research.example', forward_to: 'catalogue@research.example' });
    });

    it("pending uploads are the uploader's: Bob neither sees nor sends nor deletes Alice's file uploaded before her first save", async () => {
      const up = await upload(as.alice, 'pending.pdf', pdfOf(300));
      expect(up.statusCode, up.body).toBe(200);
      const bobList = (await app.inject({ method: 'GET', url: `/api/emails/attachments/${muid}`, headers: as.bob })).json();
      expect(bobList.attachments.map((a: { filename: string }) => a.filename)).not.toContain('pending.pdf');
      expect((await app.inject({ method: 'DELETE', url: `/api/emails/attachment/${up.json().ceafid}`, headers: as.bob })).statusCode).toBe(403);
      const bobsDraft = (await saveDraft(as.bob)).json().result.ids as number;
      const owner = await db.query<{ efid: string | null }>('select efid from forward_attachments where ceafid = $1', [up.json().ceafid]);
      expect(owner.rows[0]!.efid).toBeNull();
      const aliceDraft = (await saveDraft(as.alice)).json().result.ids as number;
      const after = await db.query<{ efid: string }>('select efid from forward_attachments where ceafid = $1', [up.json().ceafid]);
      expect(Number(after.rows[0]!.efid)).toBe(aliceDraft);
      expect(bobsDraft).not.toBe(aliceDraft);
    });
  });

  describe('hole 2: no open relay', () => {
    it('refuses recipients outside the allowed domains (the sender’s and FORWARD_TO’s), in To or Cc, before anything is sent', async () => {
      const count = smtp.received.length;
      const out = await send(as.carol, { forward_to: 'someone@elsewhere.example' });
      expect(out.statusCode).toBe(422);
      expect(out.json().message).toBe('Mail to someone@elsewhere.example is not allowed: recipients must be at research.example.');
      const cc = await send(as.carol, { cc: 'ok@research.example, leak@evil.example' });
      expect(cc.statusCode).toBe(422);
      expect(cc.json().message).toBe('Mail to leak@evil.example is not allowed: recipients must be at research.example.');
      // Tricks on the domain do not pass: a look-alike suffix, an upper-case or trailing-dot form is normalised first.
      expect((await send(as.carol, { forward_to: 'x@research.example.evil.example' })).statusCode).toBe(422);
      expect((await send(as.carol, { forward_to: 'x@notresearch.example' })).statusCode).toBe(422);
      expect((await send(as.carol, { forward_to: 'Someone@RESEARCH.example' })).statusCode).toBe(200);
      expect(smtp.received.length).toBe(count + 1);
    });

    it('caps the recipients per mail (To and Cc)', async () => {
      const res = await send(as.carol, { cc: 'a@research.example, b@research.example, c@research.example' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('At most 3 recipients (To and Cc) per mail.');
    });

    it('limits each user’s sends per hour: parallel sends past the limit get 429 with Retry-After, on the server', async () => {
      const count = smtp.received.length;
      // Carol has one send of the hour already (above); 5 more in parallel: 2 pass.
      const results = await Promise.all(Array.from({ length: 5 }, () => send(as.carol)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 200, 429, 429, 429]);
      const refused = results.find((r) => r.statusCode === 429)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect(refused.json().message).toMatch(/^You have sent 3 mails in the last hour, the most allowed\. Try again in \d+ min\.$/);
      expect(smtp.received.length).toBe(count + 2);
      // Another user's allowance is their own.
      expect((await send(as.bob)).statusCode).toBe(200);
    });

    it('a user without an email is asked for it: sending is refused until they give one in an allowed domain, once', async () => {
      const res = await send(as.dave);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Your email address is not set. Enter it: forwarded mail is sent from it.');
      const body = (await app.inject({ method: 'GET', url: `/api/emails/html-body/${muid}`, headers: as.dave })).json();
      expect(body.forward_from).toBe('');
      const outside = await app.inject({ method: 'POST', url: '/api/emails/sender', headers: as.dave, payload: { email: 'dave@gmail.example' } });
      expect(outside.statusCode).toBe(422);
      expect(outside.json().message).toBe('Your email address must be at one of: research.example.');
      const bad = await app.inject({ method: 'POST', url: '/api/emails/sender', headers: as.dave, payload: { email: 'not an address' } });
      expect(bad.json().message).toBe('Error:Invalid Email Id');
      const ok = await app.inject({ method: 'POST', url: '/api/emails/sender', headers: as.dave, payload: { email: 'dave@research.example' } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/emails/sender', headers: as.dave, payload: { email: 'dave2@research.example' } })).statusCode).toBe(409);
      const sent = await send(as.dave);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(smtp.received.at(-1)!.from).toBe('dave@research.example');
    });

    it('reads the policy from MAIL_ALLOWED_DOMAINS, MAIL_MAX_RECIPIENTS and MAIL_SENDS_PER_HOUR, refusing malformed values', () => {
      expect(loadMailPolicy({})).toEqual({ allowedDomains: undefined, maxRecipients: 10, sendsPerHour: 30 });
      expect(loadMailPolicy({ MAIL_ALLOWED_DOMAINS: 'Research.Example., *.Partner.example, bücher.example', MAIL_MAX_RECIPIENTS: '5', MAIL_SENDS_PER_HOUR: '100' })).toEqual({
        allowedDomains: ['research.example', '*.partner.example', 'xn--bcher-kva.example'],
        maxRecipients: 5,
        sendsPerHour: 100,
      });
      expect(() => loadMailPolicy({ MAIL_ALLOWED_DOMAINS: 'a@b.example' })).toThrow(/MAIL_ALLOWED_DOMAINS/);
      expect(() => loadMailPolicy({ MAIL_MAX_RECIPIENTS: '0' })).toThrow(/MAIL_MAX_RECIPIENTS/);
      expect(() => loadMailPolicy({ MAIL_SENDS_PER_HOUR: 'lots' })).toThrow(/MAIL_SENDS_PER_HOUR/);
    });
  });

  describe('hole 9: the sanitiser parses CSS and URLs', () => {
    it('a forward carrying every bypass of the corpus is stored and sent without any of them', async () => {
      const body = sanitizerBypasses.map((b) => b.html).join('\n') + '<p>Keep this text</p>';
      const saved = await saveDraft(as.alice, { body, foward_message: '<div style="background:u\\72l(//msg.evil.test/x)">note</div>' });
      expect(saved.statusCode, saved.body).toBe(200);
      const efid = saved.json().result.ids as number;
      const row = (await db.query<{ body: string; message: string }>('select body, message from forwarded_emails where efid = $1', [efid])).rows[0]!;
      expect(row.body).toContain('Keep this text');
      expect(row.body + row.message).not.toMatch(/evil|javascript|alert/i);
      const sent = await send(as.alice, { ids: efid, body, message: '<img src="https:/\\\\msg.evil.test/x">' });
      expect(sent.statusCode, sent.body).toBe(200);
      const mail = await PostalMime.parse(smtp.received.at(-1)!.raw);
      expect(mail.html).toContain('Keep this text');
      expect(mail.html).not.toMatch(/evil|javascript|alert/i);
    });
  });

  describe('hole 4: attachments stream to storage and the per-forward total holds under parallel uploads', () => {
    it('ten parallel uploads of 95% of the limit store one file; the other nine get the spec message and leave nothing behind', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'forward-quota-'));
      for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(dir, sub), { recursive: true });
      try {
        const store = openMetadataStore(dir);
        const editorFile = join(dir, 'schemas/dashboards/forward_editor.json');
        const policy = JSON.parse(readFileSync(editorFile, 'utf8'));
        policy.upload.maxTotalBytes = 200_000;
        writeFileSync(editorFile, JSON.stringify(policy));
        expect(store.reload()).toMatchObject({ ok: true, changed: true });
        const efid = (await saveDraft(as.carol)).json().result.ids as number;
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(as.carol, `big-${i}.pdf`, pdfOf(190_000), efid)));
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 413, 413, 413, 413, 413, 413, 413, 413, 413]);
        for (const r of results.filter((x) => x.statusCode === 413)) expect(r.json().message).toBe('Please upload max file size up to 100MB');
        const rows = await db.query<{ size: string; complete: boolean }>('select size, complete from forward_attachments where efid = $1', [efid]);
        expect(rows.rows.map((r) => [Number(r.size), r.complete])).toEqual([[190_000, true]]);
        const files = (await testStorage(config.dataDir).list(`forwards/${muid}`)).map((f) => f.key.split('/').pop());
        const forThisForward = await db.query<{ storage_key: string }>('select storage_key from forward_attachments where muid = $1', [muid]);
        expect(files.sort()).toEqual(forThisForward.rows.map((r) => r.storage_key.split('/').pop()).sort());
      } finally {
        openMetadataStore(metadataDir());
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
