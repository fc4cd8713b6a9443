import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fillMessage } from '../../api/forwardEditorMeta';
import type {
  ForwardedListResponse, HtmlBodyResponse, MessageResult, SaveForwardRequest, SaveForwardResponse, SendForwardRequest, SendForwardResponse,
  SenderAddressRequest, SenderAddressResponse,
} from '../../api/forwardTypes';
import { requireAuth } from '../auth/access';
import type { AuthContext } from '../auth/AuthContext';
import type { Db } from '../db/Db';
import { emailMessages } from '../emails/emailMessages';
import { errorBody } from '../errorHandler';
import { httpError } from '../httpError';
import { createMailer } from '../mail/mailer';
import { allowedDomainsFor, defaultMailPolicy, domainAllowed, domainOf } from '../mail/mailPolicy';
import { recipientRefusal } from '../mail/recipientRefusal';
import { returnSendSlot, takeSendSlot } from '../mail/takeSendSlot';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { storageFor } from '../storage/storageFor';
import { emailDocument, forwardMailHtml } from './emailDocument';
import { forwardAttachmentRoutes } from './forwardAttachmentRoutes';
import { checkForward } from './forwardEngine';
import { forwardPolicy } from './forwardPolicy';
import { emailAttachments, findForward, listAttachments, listForwards, originalHtml } from './forwardStore';
import { closePdfBrowser } from './renderPdf';
import { renderPdfAnswer } from './renderPdfAnswer';
import { isMailAdmin, requireForwardOwner } from './requireForwardOwner';
import { requireEmail } from './requireEmail';
import { sanitizeForward } from './sanitizeForward';
import { senderOf } from './senderOf';

const view = { permission: { module: 'dashboard', operation: 'view' } };
const add = { permission: { module: 'dashboard', operation: 'add' } };
const del = { permission: { module: 'dashboard', operation: 'delete' } };

const id = { type: 'string', pattern: '^[0-9]{1,18}$' } as const;
const muidParam = { type: 'object', required: ['muid'], properties: { muid: id } } as const;
const str = (max: number) => ({ type: 'string', maxLength: max }) as const;
/** A forward's body and message: marketing HTML with inlined images can be large. */
const htmlField = str(20_000_000);
const efidValue = { type: ['integer', 'null'], minimum: 1, maximum: 9_007_199_254_740_991 } as const;

const saveSchema = {
  type: 'object',
  required: ['muid', 'body', 'forward_subject', 'forward_to'],
  properties: {
    muid: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 }, argtype: { const: 'forward' }, ids: efidValue, body: htmlField,
    forward_subject: str(998), forward_to: str(320), cc: str(2000), forward_from: str(320), foward_message: htmlField,
  },
} as const;
const sendSchema = {
  type: 'object',
  required: ['muid', 'body', 'subject', 'forward_to'],
  properties: {
    muid: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 }, ids: efidValue, body: htmlField, subject: str(998), forward_to: str(320), cc: str(2000),
    message: htmlField, attachids: { type: 'array', maxItems: 200, items: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } }, forward_from: str(320), attach_path: str(2000),
  },
} as const;
const senderSchema = { type: 'object', required: ['email'], additionalProperties: false, properties: { email: str(320) } } as const;

const splitAddresses = (s: string) => s.split(/[,;]/).map((a) => a.trim()).filter(Boolean);

/**
 * The forward editor's API (000 §7 "Forwarding and attachments"): the copy to edit, drafts, sending
 * through the mail transport, history and the processed html / PDF views of an email or a forward
 * (attachments: forwardAttachmentRoutes). A forward belongs to its creator: everyone who may see the
 * email reads it, only the creator (or an administrator) edits, sends or deletes it; mail always
 * goes out from the signed-in sender, to the recipients the mail policy allows, at its rate.
 */
export const forwardRoutes: RoutePlugin = async (app, { ctx }) => {
  const db: Db = ctx.db;
  const storage = storageFor(ctx.config);
  const mailer = createMailer({ smtpUrl: ctx.config.smtpUrl, dataDir: ctx.config.dataDir });
  const mailPolicy = ctx.config.mail ?? defaultMailPolicy;
  app.addHook('onClose', async () => {
    mailer.close();
    await closePdfBrowser();
  });
  await app.register(forwardAttachmentRoutes, { ctx });

  async function refuse(reply: FastifyReply, errors: string[], status = 422) {
    return reply.code(status).send({ statusCode: status, error: status === 429 ? 'Too Many Requests' : 'Unprocessable Entity', message: errors[0], errors });
  }

  /**
   * Creates or updates the draft; the addresses wait in draft_to / draft_cc (forward_to and cc stay
   * blank until sent). Updating needs the forward's creator (or an administrator).
   */
  async function saveDraft(auth: AuthContext, b: { muid: number; ids?: number | null; body: string; subject: string; to: string; cc: string; message: string }): Promise<number> {
    if (b.ids) await requireForwardOwner(db, auth, b.muid, b.ids);
    const body = sanitizeForward(b.body);
    const message = sanitizeForward(b.message);
    const from = await senderOf(db, auth);
    return db.transaction(async (tx) => {
      let efid: number;
      if (b.ids) {
        // The owner is checked again in the update itself: the row is only touched when it is still the caller's.
        const r = await tx.query<{ efid: string }>(
          `update forwarded_emails set forward_subject = $3, draft_to = $4, draft_cc = $5, body = $6, message = $7, efdate = now()
           where efid = $1 and muid = $2 and (owner_id = $8 or $9) returning efid`,
          [b.ids, b.muid, b.subject, b.to.trim(), b.cc.trim(), body, message, auth.userId, isMailAdmin(auth)],
        );
        if (!r.rows[0]) throw httpError(404, `Forwarded email ${b.ids} not found`);
        efid = Number(r.rows[0].efid);
      } else {
        const r = await tx.query<{ efid: string }>(
          `insert into forwarded_emails (muid, forward_subject, forward_from, draft_to, draft_cc, body, message, created_by, owner_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning efid`,
          [b.muid, b.subject, from, b.to.trim(), b.cc.trim(), body, message, auth.username, auth.userId],
        );
        efid = Number(r.rows[0]!.efid);
      }
      // Files the caller uploaded before the first save belong to this forward from now on.
      await tx.query('update forward_attachments set efid = $1 where muid = $2 and efid is null and owner_id = $3 and complete', [efid, b.muid, auth.userId]);
      return efid;
    });
  }

  /** The domains a self-declared sender address may use (null: any). */
  const senderDomains = (): string[] | null => {
    const configured = allowedDomainsFor(mailPolicy, '', ctx.config.forwardTo);
    return configured.length ? configured : null;
  };

  app.get<{ Params: { muid: string } }>(
    '/api/emails/html-body/:muid',
    { config: view, schema: { params: muidParam } },
    async (req): Promise<HtmlBodyResponse> => {
      const auth = requireAuth(req);
      const muid = Number(req.params.muid);
      await requireEmail(db, req, muid);
      const original = await originalHtml(db, muid, storage);
      if (!original) throw httpError(404, emailMessages().emailMissing);
      const me = await senderOf(db, auth);
      return {
        muid, ids: null, body: original.html, message: '', subject: original.subject, forward_to: ctx.config.forwardTo ?? '', cc: me, forward_from: me, mine: true,
        email_attachments: await emailAttachments(db, muid),
      };
    },
  );

  app.get<{ Params: { muid: string; efid: string } }>(
    '/api/emails/html-body/:muid/:efid',
    { config: view, schema: { params: { type: 'object', required: ['muid', 'efid'], properties: { muid: id, efid: id } } } },
    async (req): Promise<HtmlBodyResponse> => {
      const auth = requireAuth(req);
      const muid = Number(req.params.muid);
      await requireEmail(db, req, muid);
      const f = await findForward(db, muid, Number(req.params.efid));
      if (!f) throw httpError(404, `Forwarded email ${req.params.efid} not found`);
      return {
        muid, ids: f.efid, body: f.body, message: f.message, subject: f.forward_subject,
        forward_to: f.forward_to || f.draft_to, cc: f.cc || f.draft_cc, forward_from: await senderOf(db, auth),
        mine: f.owner_id === auth.userId || isMailAdmin(auth),
        email_attachments: await emailAttachments(db, muid),
      };
    },
  );

  app.get('/api/emails/forward-to', { config: view }, async () => ({ forwardto: ctx.config.forwardTo ?? '' }));

  /**
   * 000 §6 / issue 28: the sender is the signed-in user's email. A user without one gives it here,
   * once (changing it is the Admin Portal's); its domain must be one the mail policy names, so a
   * declared address cannot widen the recipients allowed.
   */
  app.post<{ Body: SenderAddressRequest }>('/api/emails/sender', { config: add, schema: { body: senderSchema } }, async (req, reply): Promise<SenderAddressResponse | FastifyReply> => {
    const auth = requireAuth(req);
    const m = forwardPolicy().messages;
    const email = req.body.email.trim();
    const { errors } = checkForward({ forward_to: email, cc: '', forward_subject: '-' }, 'save');
    if (errors.length) return refuse(reply, errors);
    const domains = senderDomains();
    const domain = domainOf(email);
    if (domains && (!domain || !domainAllowed(domain, domains))) return refuse(reply, [fillMessage(m.senderDomain.text, { domains: domains.join(', ') })]);
    const r = await db.query<{ email: string }>("update auth_users set email = $2, updated_at = now() where user_id = $1 and email = '' returning email", [auth.userId, email]);
    if (!r.rows[0]) throw httpError(409, 'Your email address is already set; an administrator can change it in the Admin Portal.');
    return { forward_from: email };
  });

  app.post<{ Body: SaveForwardRequest }>('/api/emails/html-body', { config: add, schema: { body: saveSchema } }, async (req, reply): Promise<SaveForwardResponse | FastifyReply> => {
    const auth = requireAuth(req);
    const b = req.body;
    await requireEmail(db, req, b.muid);
    const { errors } = checkForward({ forward_to: b.forward_to, cc: b.cc ?? '', forward_subject: b.forward_subject }, 'save');
    if (errors.length) return refuse(reply, errors);
    const ids = await saveDraft(auth, { muid: b.muid, ids: b.ids, body: b.body, subject: b.forward_subject, to: b.forward_to, cc: b.cc ?? '', message: b.foward_message ?? '' });
    return { result: { ids }, message: forwardPolicy().messages.saved.text };
  });

  app.post<{ Body: SendForwardRequest }>('/api/emails/send-mail', { config: add, schema: { body: sendSchema } }, async (req, reply): Promise<SendForwardResponse | FastifyReply> => {
    const auth = requireAuth(req);
    const m = forwardPolicy().messages;
    const b = req.body;
    await requireEmail(db, req, b.muid);
    const cc = b.cc ?? '';
    const { errors, warnings } = checkForward({ forward_to: b.forward_to, cc, forward_subject: b.subject }, 'send');
    if (errors.length) return refuse(reply, errors);
    // Sending someone else's draft is refused before anything is saved over it.
    if (b.ids) await requireForwardOwner(db, auth, b.muid, b.ids);
    // The From is always the signed-in sender's own address, never the draft's or the client's.
    const from = await senderOf(db, auth);
    if (!from) return refuse(reply, [m.senderMissing.text]);
    // The Cc warning never blocks (000 §5); an invalid Cc is left out rather than bouncing the message.
    const to = b.forward_to.trim();
    const ccList = warnings.length ? [] : splitAddresses(cc);
    const recipients = [to, ...ccList];
    const refused = recipientRefusal(mailPolicy, ctx.config.forwardTo, from, recipients, m);
    if (refused !== null) return refuse(reply, [refused]);
    // 000 §4: Save & Send saves first, then sends what was saved.
    const ids = await saveDraft(auth, { muid: b.muid, ids: b.ids, body: b.body, subject: b.subject, to: b.forward_to, cc, message: b.message ?? '' });
    const slot = await takeSendSlot(db, auth.userId, recipients.length, mailPolicy.sendsPerHour);
    if (!slot.allowed) {
      reply.header('retry-after', String(slot.retryAfter));
      return refuse(reply, [fillMessage(m.sendRate.text, { count: slot.sent, minutes: Math.ceil(slot.retryAfter / 60) })], 429);
    }
    const f = (await findForward(db, b.muid, ids))!;
    const all = await listAttachments(db, b.muid, ids, auth.userId);
    const att = b.attachids ? all.filter((a) => b.attachids!.includes(a.ceafid)) : all;
    const keys = att.length
      ? new Map((await db.query<{ ceafid: string; storage_key: string }>('select ceafid, storage_key from forward_attachments where ceafid = any($1)', [att.map((a) => a.ceafid)])).rows.map((r) => [Number(r.ceafid), r.storage_key]))
      : new Map<number, string>();
    let messageId: string;
    try {
      const sent = await mailer.send({
        from,
        to,
        ...(ccList.length ? { cc: ccList } : {}),
        subject: f.forward_subject,
        html: forwardMailHtml(f.message, f.body),
        attachDataUrls: true,
        // Streamed from storage: a 100 MB attachment is never held whole in memory.
        attachments: await Promise.all(att.map(async (a) => ({ filename: a.filename, contentType: a.mime, content: await storage.stream(keys.get(a.ceafid)!) }))),
      });
      messageId = sent.messageId;
    } catch (err) {
      await returnSendSlot(db, slot.id);
      req.log.error({ err }, 'forward send failed');
      return reply.code(502).send(errorBody(502, m.sendFailed.text));
    }
    await db.query('update forwarded_emails set forward_to = $2, cc = $3, forward_from = $4, sent_at = now(), message_id = $5, efdate = now() where efid = $1', [
      ids, to, ccList.join(', '), from, messageId,
    ]);
    return { status: 'ok', ids, message: m.sent.text, messageId };
  });

  app.get<{ Params: { muid: string } }>('/api/emails/forwarded/:muid', { config: view, schema: { params: muidParam } }, async (req): Promise<ForwardedListResponse> => {
    const auth = requireAuth(req);
    const muid = Number(req.params.muid);
    await requireEmail(db, req, muid);
    const list = await listForwards(db, muid, auth.userId, isMailAdmin(auth));
    return { forwardjson: list, list: list.map((f) => f.efid) };
  });

  app.delete<{ Params: { muid: string; id: string } }>(
    '/api/emails/forwarded/:muid/:id',
    { config: del, schema: { params: { type: 'object', required: ['muid', 'id'], properties: { muid: id, id } } } },
    async (req): Promise<MessageResult & { efid: number }> => {
      const auth = requireAuth(req);
      const muid = Number(req.params.muid);
      await requireEmail(db, req, muid);
      const efid = Number(req.params.id);
      await requireForwardOwner(db, auth, muid, efid);
      const keys = await db.query<{ storage_key: string }>('select storage_key from forward_attachments where efid = $1 and muid = $2', [efid, muid]);
      const r = await db.query('delete from forwarded_emails where efid = $1 and muid = $2', [efid, muid]);
      if (r.rowCount === 0) throw httpError(404, `Forwarded email ${efid} not found`);
      for (const k of keys.rows) await storage.delete(k.storage_key);
      return { message: forwardPolicy().messages.forwardDeleted.text, efid };
    },
  );

  // ---- processed html and PDF of the original ('original') or a forward (its efid) ----
  async function documentOf(req: FastifyRequest, muid: number, which: string): Promise<string> {
    await requireEmail(db, req, muid);
    const original = await originalHtml(db, muid, storage);
    if (!original) throw httpError(404, emailMessages().emailMissing);
    if (which === 'original') return emailDocument({ subject: original.subject, from: original.from, date: original.date, body: original.html });
    if (!/^[0-9]{1,18}$/.test(which)) throw httpError(400, "Expected 'original' or a forwarded email id.");
    const f = await findForward(db, muid, Number(which));
    if (!f) throw httpError(404, `Forwarded email ${which} not found`);
    return emailDocument({ subject: f.forward_subject, from: f.forward_from, to: f.forward_to || undefined, date: f.sent_at ?? f.efdate, message: f.message, body: f.body });
  }
  const docParams = { type: 'object', required: ['muid', 'efid'], properties: { muid: id, efid: { type: 'string', maxLength: 20 } } } as const;

  const framedHtml = (reply: FastifyReply, html: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; sandbox")
      .send(html);

  /** Processed Html: the rendering (heading with subject, sender, recipient and date, then message and body). */
  app.get<{ Params: { muid: string; efid: string } }>('/api/emails/processed-html/:muid/:efid', { config: view, schema: { params: docParams } }, async (req, reply) =>
    framedHtml(reply, await documentOf(req, Number(req.params.muid), req.params.efid)),
  );

  /** View Html (issue 28): the edited HTML itself, as the mail carries it, with no heading added. */
  app.get<{ Params: { muid: string; efid: string } }>('/api/emails/view-html/:muid/:efid', { config: view, schema: { params: docParams } }, async (req, reply) => {
    const muid = Number(req.params.muid);
    await requireEmail(db, req, muid);
    let html: string;
    if (req.params.efid === 'original') {
      const original = await originalHtml(db, muid, storage);
      if (!original) throw httpError(404, emailMessages().emailMissing);
      html = original.html;
    } else {
      if (!/^[0-9]{1,18}$/.test(req.params.efid)) throw httpError(400, "Expected 'original' or a forwarded email id.");
      const f = await findForward(db, muid, Number(req.params.efid));
      if (!f) throw httpError(404, `Forwarded email ${req.params.efid} not found`);
      html = forwardMailHtml(f.message, f.body);
    }
    return framedHtml(reply, `<!doctype html><html><head><meta charset="utf-8"></head><body>${html}</body></html>`);
  });

  app.get<{ Params: { muid: string; efid: string } }>('/api/emails/render-pdf/:muid/:efid', { config: view, schema: { params: docParams } }, async (req, reply) => {
    const pdf = await renderPdfAnswer(reply, await documentOf(req, Number(req.params.muid), req.params.efid), ctx.config.dataDir);
    if (!pdf) return reply;
    return reply
      .type('application/pdf')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(`email-${req.params.muid}-${req.params.efid}.pdf`, { type: 'inline' }))
      .send(pdf);
  });
};
