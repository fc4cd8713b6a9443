import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { findRole } from '../../src/server/auth/roles';
import { outboxDir } from '../../src/server/mail/mailer';
import { approvableProduct, createProduct, productsKit, type ProductsKit } from './productsKit';

// 001 §2, §4, §5, §7, §8: move and delete, and send-link through the mail transport.

const panelist = (date: string, id: number) => ({
  pp_date: date, panelist_id: id, competi_id: 5000 + id, invitation_id: 7, tracking_id: '1234', age: 30, gender: 'F', incomeID: 3, stateID: 5, first_name: 'Pat', last_name: `Tester${id}`,
});

describe('move and delete', () => {
  let kit: ProductsKit;
  beforeAll(async () => {
    kit = await productsKit();
  });
  afterAll(async () => kit.close());
  const post = (url: string, payload: Record<string, unknown>, headers = kit.as.editor) => kit.app.inject({ method: 'POST', url, headers, payload });
  const doc = async (id: number) => (await kit.db.query<{ document: Record<string, unknown>; is_deleted: number }>('select document, is_deleted from products where product_id = $1', [id])).rows[0];

  it("lookup answers the product's entry id, or 'Entry Id not found' (the dialog adds ' for product ID: {id}')", async () => {
    const id = await createProduct(kit, approvableProduct());
    const entry = (await doc(id)).document.entry_id as string;
    const found = await post('/api/move-and-delete/lookup', { product_id: String(id), entry_id: '' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ status_code: 200, products: { entry_id: entry } });
    const missing = await post('/api/move-and-delete/lookup', { product_id: '987654' });
    expect(missing.statusCode).toBe(404);
    const body = missing.json<{ status_code: number; message: string }>();
    expect(body.status_code).toBe(404);
    expect(`${body.message} for product ID: 987654`).toBe('Entry Id not found for product ID: 987654');
    expect((await post('/api/move-and-delete/lookup', { product_id: '' })).json()).toMatchObject({ status_code: 400, message: 'Product ID cannot be empty.' });
  });

  it("validate: the entry id must be given and contain yyyy-mm-dd ('Please enter a valid date format'), and name a product", async () => {
    const id = await createProduct(kit, approvableProduct());
    const entry = (await doc(id)).document.entry_id as string;
    expect((await post('/api/move-and-delete/validate', { target_entry_id: '' })).json()).toMatchObject({ status_code: 400, message: 'Entry ID cannot be empty.', data: null });
    expect((await post('/api/move-and-delete/validate', { target_entry_id: 'entry-42' })).json()).toMatchObject({ status_code: 400, message: 'Please enter a valid date format', data: null });
    const none = await post('/api/move-and-delete/validate', { target_entry_id: 'x-2024-03-01-none' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ status_code: 404, data: null });
    const ok = await post('/api/move-and-delete/validate', { target_entry_id: entry });
    expect(ok.json()).toMatchObject({ status_code: 200, data: { product_id: id, entry_id: entry, entry_date: '2024-03-01' } });
  });

  it("confirm moves the source's panelists to the target entry's product and soft-deletes the source", async () => {
    const target = await createProduct(kit, approvableProduct({ panelists: [panelist('2024-03-01', 1)] }));
    const source = await createProduct(kit, approvableProduct({ entry_date: '2024-03-05', panelists: [panelist('2024-03-05', 2)] }));
    const entry = (await doc(target)).document.entry_id as string;
    const res = await post('/api/move-and-delete/confirm', { target_entry_id: entry, source_product_id: source });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status_code: 200, status: true, message: 'Product move and deleted successfully' });
    const t = await doc(target);
    expect((t.document.panelists as Array<{ panelist_id: number }>).map((p) => p.panelist_id)).toEqual([1, 2]);
    expect(t.document.entry_date).toBe('2024-03-01');
    expect((await doc(source)).is_deleted).toBe(1);
    const acts = await kit.db.query<{ entity_id: string; action: string }>("select entity_id, action from activity where entity = 'product' and action in ('move_and_delete', 'move_target') order by id");
    expect(acts.rows).toEqual([{ entity_id: String(target), action: 'move_target' }, { entity_id: String(source), action: 'move_and_delete' }]);
    // The source is gone: a second confirm is a 404 warning.
    const again = await post('/api/move-and-delete/confirm', { target_entry_id: entry, source_product_id: source });
    expect(again.json()).toMatchObject({ status_code: 404, status: false });
  });

  it('refuses an approved source, a panelist older than the target entry date, and an unknown target; nothing changes', async () => {
    const target = await createProduct(kit, approvableProduct());
    const entry = (await doc(target)).document.entry_id as string;
    const approved = await createProduct(kit, approvableProduct());
    expect((await post(`/api/product/${approved}/status`, { action: 'approve' })).statusCode).toBe(200);
    const refusedApproved = await post('/api/move-and-delete/confirm', { target_entry_id: entry, source_product_id: approved });
    expect(refusedApproved.statusCode).toBe(409);
    expect(refusedApproved.json()).toMatchObject({ status: false, message: 'An approved product cannot be moved and deleted.' });
    expect((await doc(approved)).is_deleted).toBe(0);

    const older = await createProduct(kit, approvableProduct({ entry_date: '2024-02-01', panelists: [panelist('2024-02-01', 3)] }));
    const res = await post('/api/move-and-delete/confirm', { target_entry_id: entry, source_product_id: older });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe('Panelist date 2024-02-01 cannot be older than Entry Date 2024-03-01');
    expect((await doc(older)).is_deleted).toBe(0);
    expect((await doc(target)).document.panelists ?? []).toEqual([]);

    const unknown = await post('/api/move-and-delete/confirm', { target_entry_id: '2024-01-01-nothing', source_product_id: older });
    expect(unknown.json()).toMatchObject({ status_code: 404, status: false, message: 'No product found for Entry ID: 2024-01-01-nothing' });
    expect((await post('/api/move-and-delete/confirm', { target_entry_id: entry, source_product_id: older }, kit.as.analyst)).statusCode).toBe(403);
  });
});

/** A real SMTP server on 127.0.0.1 that keeps the raw messages it receives. */
async function startSmtp() {
  const received: Array<{ rcptTo: string[]; raw: Buffer }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('send-link (POST /api/send-email)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let viaSmtp: ProductsKit;
  let viaOutbox: ProductsKit;
  const approvedProduct = async (kit: ProductsKit) => {
    const id = await createProduct(kit, approvableProduct());
    expect((await kit.app.inject({ method: 'POST', url: `/api/product/${id}/status`, headers: kit.as.editor, payload: { action: 'approve' } })).statusCode).toBe(200);
    return id;
  };
  const addColleague = async (kit: ProductsKit) => {
    const role = await findRole(kit.db, 'editor');
    await createUser(kit.db, { username: 'colleague', password: 'colleague-password', role_id: role!.role_id, email: 'colleague@portal.example' });
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    // Colleagues are at portal.example, FORWARD_TO's domain: the mail policy's default lets them through.
    viaSmtp = await productsKit({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, publicUrl: 'https://portal.example', forwardTo: 'catalogue@portal.example' });
    viaOutbox = await productsKit({ forwardTo: 'catalogue@portal.example', mail: { maxRecipients: 2, sendsPerHour: 3 } });
    await addColleague(viaSmtp);
    await addColleague(viaOutbox);
  });
  afterAll(async () => {
    await viaSmtp.close();
    await viaOutbox.close();
    await smtp.close();
  });

  it("sends through SMTP_URL with the default subject 'Link to a product of your interest': 'Email Send Successfully'; link, sender and Reply-To are the server's, never the client's", async () => {
    const id = await approvedProduct(viaSmtp);
    const res = await viaSmtp.app.inject({
      method: 'POST', url: '/api/send-email', headers: viaSmtp.as.editor,
      payload: {
        subject: '', message: 'Please have a look at this one.', user_email: ['colleague@portal.example', 'banker@portal.example'], product_id: id,
        entry_id: 'forged-entry', username: 'The CEO', from_email: 'attacker@evil.test', product_link: 'http://evil.test/phish',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: 'Email Send Successfully' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].rcptTo.sort()).toEqual(['banker@portal.example', 'colleague@portal.example']);
    const mail = await PostalMime.parse(smtp.received[0].raw);
    expect(mail.subject).toBe('Link to a product of your interest');
    expect(mail.text).toContain('Please have a look at this one.');
    // Issue 11: the server builds the link from PORTAL_PUBLIC_URL and the product; the sender is the signed-in user.
    expect(mail.text).toContain(`https://portal.example/viewproduct/-?product_id=${id}`);
    expect(mail.text).toContain('Sent by editor1 from the Content Portal.');
    for (const forged of ['evil.test', 'The CEO', 'forged-entry']) expect(smtp.received[0].raw.toString()).not.toContain(forged);
    expect(mail.replyTo).toBeUndefined(); // editor1 has no email on file
    const acts = await viaSmtp.db.query<{ action: string }>("select action from activity where entity = 'product' and entity_id = $1 and action = 'send_link'", [String(id)]);
    expect(acts.rows).toHaveLength(1);
    expect(readdirSync(viaSmtp.config.dataDir)).not.toContain('outbox');
  });

  it('writes an .eml to DATA_DIR/outbox when no SMTP server is configured', async () => {
    const id = await approvedProduct(viaOutbox);
    const res = await viaOutbox.app.inject({
      method: 'POST', url: '/api/send-email', headers: viaOutbox.as.editor,
      payload: { subject: 'Look', message: 'Outbox copy', user_email: ['colleague@portal.example'], product_id: id, product_link: `http://portal.example/product/${id}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const dir = outboxDir(viaOutbox.config.dataDir);
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await PostalMime.parse(readFileSync(join(dir, files[0])));
    expect(mail.subject).toBe('Look');
    expect(mail.to?.[0]?.address).toBe('colleague@portal.example');
    expect(mail.text).toContain('Outbox copy');
  });

  it("refuses a message over 500 characters ('Maximum character limit : 500'), no recipient, strangers and unapproved products", async () => {
    const kit = viaOutbox;
    const id = await approvedProduct(kit);
    const send = (payload: Record<string, unknown>) => kit.app.inject({ method: 'POST', url: '/api/send-email', headers: kit.as.editor, payload: { product_id: id, user_email: ['colleague@portal.example'], ...payload } });
    const long = await send({ message: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json<{ errors: Array<{ message: string }> }>().errors.map((e) => e.message)).toEqual(['Maximum character limit : 500']);
    expect((await send({ message: 'x'.repeat(500) })).statusCode).toBe(200);
    expect((await send({ user_email: [] })).statusCode).toBe(422);
    expect((await send({ user_email: ['someone@elsewhere.example'] })).statusCode).toBe(400);
    const draft = await createProduct(kit, approvableProduct());
    expect((await send({ product_id: draft })).statusCode).toBe(409);
  });

  // Issue 26 hole 2, item 2: send-link mails through the forward's policy, not around it.
  it('holds the mail policy: recipients cap, allowed domains (even for portal users) and the per-user send rate (429 with Retry-After)', async () => {
    const kit = viaOutbox;
    const id = await approvedProduct(kit);
    const role = await findRole(kit.db, 'editor');
    await createUser(kit.db, { username: 'contractor', password: 'contractor-password', role_id: role!.role_id, email: 'contractor@gmail.example' });
    await createUser(kit.db, { username: 'colleague2', password: 'colleague2-password', role_id: role!.role_id, email: 'colleague2@portal.example' });
    const send = (who: Record<string, string>, user_email: string[]) => kit.app.inject({ method: 'POST', url: '/api/send-email', headers: who, payload: { product_id: id, message: 'Have a look', user_email } });
    const eml = () => readdirSync(outboxDir(kit.config.dataDir)).filter((f) => f.endsWith('.eml')).length;
    const before = eml();

    const many = await send(kit.as.admin, ['colleague@portal.example', 'colleague2@portal.example', 'banker@portal.example']);
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toBe('At most 2 recipients per link.');
    const outside = await send(kit.as.admin, ['colleague@portal.example', 'contractor@gmail.example']);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe('Mail to contractor@gmail.example is not allowed: recipients must be at portal.example.');
    // Portal users only, as before: an allowed domain does not make a stranger a recipient.
    const stranger = await send(kit.as.admin, ['nobody@portal.example']);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('Not a portal user: nobody@portal.example');
    expect(eml()).toBe(before);

    // Three a hour (this kit's MAIL_SENDS_PER_HOUR) for the admin, whose refusals above used none; five at once: two refused.
    const results = await Promise.all(Array.from({ length: 5 }, () => send(kit.as.admin, ['colleague@portal.example'])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toMatch(/^You have sent 3 mails in the last hour, the most allowed\. Try again in \d+ min\.$/);
    expect(eml()).toBe(before + 3);
  });
});
