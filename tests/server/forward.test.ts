import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/Db';
import { closePdfBrowser, resetChromiumLookup } from '../../src/server/forward/renderPdf';
import { metadataStore, openMetadataStore } from '../../src/server/metadata/metadataStore';
import { metadataDir } from '../../src/server/metadataDir';
import { projectRoot } from '../../src/server/paths';
import { bearer, seedRoleUsers, signInAs } from './helpers/authKit';
import { insertForwardEmail, png } from './helpers/forwardFixture';
import { startLoopbackSmtp } from './helpers/loopbackSmtp';
import { pdfText } from './helpers/pdfText';
import { openTestDb } from './helpers/testDb';
import { testConfig } from './helpers/testContext';

// 000 §2 forward editor, §4 draft vs sent, §5 forward rules and upload, §7 Forwarding and attachments, §8 messages.

const boundary = '----forward-test';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);
const multipart = (field: string, filename: string, content: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

describe('forward editor API', () => {
  let db: Db;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  let config: ReturnType<typeof testConfig>;
  let reviewer: Record<string, string>;
  let reviewerId: number;
  let analyst: Record<string, string>;
  let muid: number;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    db = await openTestDb();
    config = testConfig({ smtpUrl: smtp.url, forwardTo: 'catalogue@research.example' });
    app = await buildApp({ config, db });
    await app.ready();
    const users = await seedRoleUsers(db);
    await db.query("update auth_users set email = 'rita@research.example' where username = $1", [users.reviewer.username]);
    const session = await signInAs(app, users.reviewer.username, users.reviewer.password);
    reviewer = bearer(session.accessToken);
    reviewerId = session.userId;
    analyst = bearer((await signInAs(app, users.analyst.username, users.analyst.password)).accessToken);
    muid = await insertForwardEmail(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await smtp.close();
    config.cleanup();
  });

  const upload = (field: string, name: string, content: Buffer, efid?: number) =>
    app.inject({ method: 'POST', url: `/api/emails/upload-attachments/${muid}${efid ? `?efid=${efid}` : ''}`, headers: { ...reviewer, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipart(field, name, content) });

  it('gives the copy to edit sanitised: no script, handler, javascript: link, remote image or CSS url(); cid: images inlined', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/emails/html-body/${muid}`, headers: reviewer });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json<{ body: string; subject: string; forward_to: string; cc: string; forward_from: string; ids: null }>();
    expect(b).toMatchObject({ subject: 'Summer Sale at Shop', forward_to: 'catalogue@research.example', cc: 'rita@research.example', forward_from: 'rita@research.example', ids: null });
    expect(b.body).not.toMatch(/<script|alert\(|onload|onerror|javascript:|track\.example|url\(/i);
    expect(b.body).toContain('href="https://shop.example/sale?a=1&amp;b=2"');
    expect(b.body).toContain(`src="data:image/png;base64,${png.toString('base64')}"`);
    expect(b.body).toMatch(/<table width="600" bgcolor="#ffeecc">/);
    expect(b.body).toContain('<font color="#0000ff">everything</font>');
  });

  it("refuses an invalid To or a blank subject with the spec's messages, on save and on send", async () => {
    const base = { muid, argtype: 'forward', body: '<p>x</p>', forward_subject: 'Fwd', forward_to: 'catalogue@research.example', cc: '' };
    const bad = await app.inject({ method: 'POST', url: '/api/emails/html-body', headers: reviewer, payload: { ...base, forward_to: 'not-an-address' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Error:Invalid Email Id');
    const blank = await app.inject({ method: 'POST', url: '/api/emails/html-body', headers: reviewer, payload: { ...base, forward_subject: '   ' } });
    expect(blank.json().message).toBe('Error:Subject can not be left  blank');
    const send = await app.inject({ method: 'POST', url: '/api/emails/send-mail', headers: reviewer, payload: { muid, body: 'x', subject: '', forward_to: 'x@y.z' } });
    expect(send.json().message).toBe('Error:Subject can not be left  blank');
    // An invalid Cc never blocks saving (000 §5).
    const cc = await app.inject({ method: 'POST', url: '/api/emails/html-body', headers: reviewer, payload: { ...base, cc: 'nonsense' } });
    expect(cc.statusCode, cc.body).toBe(200);
    await app.inject({ method: 'DELETE', url: `/api/emails/forwarded/${muid}/${cc.json().result.ids}`, headers: reviewer });
  });

  it('needs the dashboard add grant to save and delete grant to delete', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/emails/html-body', headers: analyst, payload: { muid, argtype: 'forward', body: 'x', forward_subject: 's', forward_to: 'a@b.cd' } });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/emails/forwarded/${muid}`, headers: analyst })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/emails/forwarded/${muid}` })).statusCode).toBe(401);
  });

  it('saves a draft (history says Drafted), attaches a PDF and a PNG, sends, and the SMTP server receives it all byte for byte', async () => {
    const up1 = await upload('email_attachment', 'offer.pdf', pdf);
    expect(up1.statusCode, up1.body).toBe(200);
    expect(up1.json().message).toBe('File uploaded successfully');
    expect((await upload('email_attachment', 'logo.png', png)).statusCode).toBe(200);
    const refused = await upload('email_attachment', 'tool.pdf', elf);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('File type not supported.');
    expect((await upload('other_field', 'offer.pdf', pdf)).statusCode).toBe(400);

    const body = '<p>Edited copy: <b>Summer Sale</b></p><img src="https://track.example/p.gif"><a href="javascript:alert(1)" onclick="alert(2)">x</a>';
    const saved = await app.inject({
      method: 'POST', url: '/api/emails/html-body', headers: reviewer,
      payload: { muid, argtype: 'forward', body, forward_subject: 'Fwd: Summer Sale', forward_to: 'catalogue@research.example', cc: 'rita@research.example', foward_message: '<p>Please catalogue this.</p>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Email saved Successfully!');
    const efid = saved.json().result.ids as number;
    const hist = (await app.inject({ method: 'GET', url: `/api/emails/forwarded/${muid}`, headers: reviewer })).json();
    expect(hist.forwardjson[0]).toMatchObject({ efid, forward_to: '', cc: '', forward_subject: 'Fwd: Summer Sale', forward_from: 'rita@research.example' });
    const stored = (await db.query<{ body: string }>('select body from forwarded_emails where efid = $1', [efid])).rows[0]!.body;
    expect(stored).not.toMatch(/track\.example|javascript:|onclick/);
    const atts = (await app.inject({ method: 'GET', url: `/api/emails/attachments/${muid}?efid=${efid}`, headers: reviewer })).json();
    expect(atts.attachments.map((a: { filename: string; efid: number }) => [a.filename, a.efid])).toEqual([['offer.pdf', efid], ['logo.png', efid]]);

    const sent = await app.inject({
      method: 'POST', url: '/api/emails/send-mail', headers: reviewer,
      payload: { muid, ids: efid, body, subject: 'Fwd: Summer Sale', forward_to: 'catalogue@research.example', cc: 'rita@research.example', message: '<p>Please catalogue this.</p>' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'ok', ids: efid, message: 'Email send Successfully!' });
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.from).toBe('rita@research.example');
    expect(got.rcptTo.sort()).toEqual(['catalogue@research.example', 'rita@research.example']);
    const mail = await PostalMime.parse(got.raw);
    expect(mail.subject).toBe('Fwd: Summer Sale');
    expect(mail.from?.address).toBe('rita@research.example');
    expect(mail.cc?.map((a) => a.address)).toEqual(['rita@research.example']);
    expect(mail.html).toContain('Please catalogue this.');
    expect(mail.html).toContain('Edited copy: <b>Summer Sale</b>');
    expect(mail.html!.indexOf('Please catalogue this.')).toBeLessThan(mail.html!.indexOf('Edited copy'));
    expect(mail.html).not.toMatch(/track\.example|javascript:|onclick/);
    const files = mail.attachments.filter((a) => a.disposition === 'attachment');
    expect(files.map((a) => a.filename)).toEqual(['offer.pdf', 'logo.png']);
    expect(Buffer.from(files[0]!.content as ArrayBuffer).equals(pdf)).toBe(true);
    expect(Buffer.from(files[1]!.content as ArrayBuffer).equals(png)).toBe(true);

    const after = (await app.inject({ method: 'GET', url: `/api/emails/forwarded/${muid}`, headers: reviewer })).json();
    expect(after.forwardjson[0]).toMatchObject({ efid, forward_to: 'catalogue@research.example', cc: 'rita@research.example' });
    const del = await app.inject({ method: 'DELETE', url: `/api/emails/forwarded/${muid}/${efid}`, headers: reviewer });
    expect(del.json()).toEqual({ message: 'Forwarded email deleted successfully', efid });
  });

  it('refuses an upload past 100 MB in total per forward', async () => {
    await db.query(
      "insert into forward_attachments (muid, filename, mime, size, sha256, storage_key, created_by, owner_id) values ($1, 'big.pdf', 'application/pdf', 99999990, 'x', 'forwards/none', 'x', $2)",
      [muid, reviewerId],
    );
    const res = await upload('email_attachment', 'offer.pdf', pdf);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Please upload max file size up to 100MB');
    await db.query("delete from forward_attachments where filename = 'big.pdf'");
  });

  it('follows the served metadata: a reload of forward_editor.json and rules/forward changes the upload policy and messages without a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forward-metadata-'));
    for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(dir, sub), { recursive: true });
    try {
      const store = openMetadataStore(dir);
      const editorFile = join(dir, 'schemas/dashboards/forward_editor.json');
      const policy = JSON.parse(readFileSync(editorFile, 'utf8'));
      policy.upload.maxTotalBytes = 1000;
      delete policy.upload.types.png;
      policy.messages.uploadType.text = 'Only documents may be attached.';
      policy.messages.uploadTooLarge.text = 'At most 1000 bytes per forward.';
      writeFileSync(editorFile, JSON.stringify(policy));
      const rulesFile = join(dir, 'rules/forward/forward.json');
      const rules = JSON.parse(readFileSync(rulesFile, 'utf8'));
      rules.rules[2].message = 'Error:The subject is empty';
      writeFileSync(rulesFile, JSON.stringify(rules));
      expect(store.reload()).toMatchObject({ ok: true, changed: true });

      const pngRes = await upload('email_attachment', 'logo.png', png);
      expect(pngRes.statusCode).toBe(415);
      expect(pngRes.json().message).toBe('Only documents may be attached.');
      const big = await upload('email_attachment', 'offer.pdf', Buffer.concat([pdf, Buffer.alloc(1200, 0x20)]));
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('At most 1000 bytes per forward.');
      const list = await app.inject({ method: 'GET', url: `/api/emails/attachments/${muid}`, headers: reviewer });
      expect(list.json().limit).toBe(1000);
      const blank = await app.inject({ method: 'POST', url: '/api/emails/html-body', headers: reviewer, payload: { muid, argtype: 'forward', body: '<p>x</p>', forward_subject: ' ', forward_to: 'a@b.cd' } });
      expect(blank.json().message).toBe('Error:The subject is empty');
    } finally {
      openMetadataStore(metadataDir());
      rmSync(dir, { recursive: true, force: true });
    }
    expect(metadataStore().dir).toBe(metadataDir());
    expect((await upload('email_attachment', 'logo.png', png)).statusCode).toBe(200);
  });

  it('renders the email as a real PDF with its text, cached; 503 with a clear message without Chromium', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/emails/render-pdf/${muid}/original`, headers: reviewer });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Summer Sale');
    expect(text).toContain('everything');

    const html = await app.inject({ method: 'GET', url: `/api/emails/processed-html/${muid}/original`, headers: reviewer });
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.body).not.toMatch(/<script|onerror/i);

    const old = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    resetChromiumLookup();
    try {
      // A different document (not cached): the processed PDF of a new draft.
      const saved = await app.inject({ method: 'POST', url: '/api/emails/html-body', headers: reviewer, payload: { muid, argtype: 'forward', body: '<p>other</p>', forward_subject: 'Other', forward_to: 'a@b.cd' } });
      const none = await app.inject({ method: 'GET', url: `/api/emails/render-pdf/${muid}/${saved.json().result.ids}`, headers: reviewer });
      expect(none.statusCode).toBe(503);
      expect(none.json().message).toBe('PDF rendering is not available on this server (Chromium was not found).');
      // A Chromium that is there but does not start: 503 with that reason (it answered 500), and the server stays up.
      await closePdfBrowser();
      process.env.CHROMIUM_PATH = '/bin/false';
      resetChromiumLookup();
      const broken = await app.inject({ method: 'GET', url: `/api/emails/render-pdf/${muid}/${saved.json().result.ids}`, headers: reviewer });
      expect(broken.statusCode, broken.body).toBe(503);
      expect(broken.json().message).toBe('PDF rendering is not available right now: Chromium did not start on the server. The error has been logged.');
      await closePdfBrowser();
    } finally {
      if (old === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = old;
      resetChromiumLookup();
    }
  });
});
