import { createHash, randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  AttachmentListResponse, ForwardedListResponse, HtmlBodyResponse, MessageResult, SaveForwardRequest, SaveForwardResponse, SendForwardRequest,
  SendForwardResponse,
} from '../../api/forwardTypes';
import { requireAuth } from '../auth/access';
import { requireEmailAccess, requireEmailOfRow } from '../auth/objectAccess';
import type { AuthContext } from '../auth/AuthContext';
import type { Queryable } from '../db/Db';
import { emailMessages } from '../emails/emailMessages';
import { errorBody } from '../errorHandler';
import { httpError } from '../httpError';
import { createMailer, defaultFrom } from '../mail/mailer';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { storageFor } from '../storage/storageFor';
import { emailDocument, forwardMailHtml } from './emailDocument';
import { checkForward } from './forwardEngine';
import { forwardPolicy } from './forwardPolicy';
import { findForward, listAttachments, listForwards, originalHtml } from './forwardStore';
import { closePdfBrowser } from './renderPdf';
import { renderPdfAnswer } from './renderPdfAnswer';
import { sanitizeForward } from './sanitizeForward';
import { sniffAttachment } from './sniffAttachment';

const view = { permission: { module: 'dashboard', operation: 'view' } };
const add = { permission: { module: 'dashboard', operation: 'add' } };
const del = { permission: { module: 'dashboard', operation: 'delete' } };

const id = { type: 'string', pattern: '^[0-9]{1,18}$' } as const;
const muidParam = { type: 'object', required: ['muid'], properties: { muid: id } } as const;
const str = (max: number) => ({ type: 'string', maxLength: max }) as const;
/** A forward's body and message: marketing HTML with inlined images can be large. */
const htmlField = str(20_000_000);
/** The most any upload request may carry: the policy's per-forward total is checked per request (it may change on reload). */
const uploadCap = 1_000_000_000;

const saveSchema = {
  type: 'object',
  required: ['muid', 'body', 'forward_subject', 'forward_to'],
  properties: {
    muid: { type: 'integer', minimum: 1 }, argtype: { const: 'forward' }, ids: { type: ['integer', 'null'] }, body: htmlField,
    forward_subject: str(998), forward_to: str(320), cc: str(2000), forward_from: str(320), foward_message: htmlField,
  },
} as const;
const sendSchema = {
  type: 'object',
  required: ['muid', 'body', 'subject', 'forward_to'],
  properties: {
    muid: { type: 'integer', minimum: 1 }, ids: { type: ['integer', 'null'] }, body: htmlField, subject: str(998), forward_to: str(320), cc: str(2000),
    message: htmlField, attachids: { type: 'array', maxItems: 200, items: { type: 'integer' } }, forward_from: str(320), attach_path: str(2000),
  },
} as const;

const cleanName = (name: string) => name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(0, 200) || 'file';
const splitAddresses = (s: string) => s.split(/[,;]/).map((a) => a.trim()).filter(Boolean);

/** 404 for an unknown email; 403 when the caller's role may not see its panelist type (issue 11). */
async function requireEmail(db: Queryable, req: FastifyRequest, muid: number): Promise<void> {
  const r = await db.query('select 1 from emails where muid = $1', [muid]);
  if (r.rows.length === 0) throw httpError(404, emailMessages().emailMissing);
  await requireEmailAccess(db, req, [muid]);
}

async function senderOf(db: Queryable, auth: AuthContext): Promise<string> {
  const r = await db.query<{ email: string }>('select email from auth_users where user_id = $1', [auth.userId]);
  const email = r.rows[0]?.email?.trim();
  return email || (auth.username.includes('@') ? auth.username : '');
}

/**
 * The forward editor's API (000 §7 "Forwarding and attachments"): the copy to edit, drafts, sending
 * through the mail transport, history, attachments (multipart `email_attachment`, sniffed, at most
 * 100 MB per forward) and the processed html / PDF views of an email or a forward.
 */
export const forwardRoutes: RoutePlugin = async (app, { ctx }) => {
  const db = ctx.db;
  const storage = storageFor(ctx.config);
  const mailer = createMailer({ smtpUrl: ctx.config.smtpUrl, dataDir: ctx.config.dataDir });
  app.addHook('onClose', async () => {
    mailer.close();
    await closePdfBrowser();
  });
  await app.register(multipart, { limits: { fileSize: uploadCap, files: 1, fields: 10, parts: 20 } });

  async function refuse(reply: FastifyReply, errors: string[]) {
    return reply.code(422).send({ statusCode: 422, error: 'Unprocessable Entity', message: errors[0], errors });
  }

  /** Creates or updates the draft; the addresses wait in draft_to / draft_cc (forward_to and cc stay blank until sent). */
  async function saveDraft(auth: AuthContext, b: { muid: number; ids?: number | null; body: string; subject: string; to: string; cc: string; message: string }): Promise<number> {
    const body = sanitizeForward(b.body);
    const message = sanitizeForward(b.message);
    const from = await senderOf(db, auth);
    return db.transaction(async (tx) => {
      let efid: number;
      if (b.ids) {
        const r = await tx.query<{ efid: string }>(
          `update forwarded_emails set forward_subject = $3, draft_to = $4, draft_cc = $5, body = $6, message = $7, efdate = now()
           where efid = $1 and muid = $2 returning efid`,
          [b.ids, b.muid, b.subject, b.to.trim(), b.cc.trim(), body, message],
        );
        if (!r.rows[0]) throw httpError(404, `Forwarded email ${b.ids} not found`);
        efid = Number(r.rows[0].efid);
      } else {
        const r = await tx.query<{ efid: string }>(
          `insert into forwarded_emails (muid, forward_subject, forward_from, draft_to, draft_cc, body, message, created_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning efid`,
          [b.muid, b.subject, from, b.to.trim(), b.cc.trim(), body, message, auth.username],
        );
        efid = Number(r.rows[0]!.efid);
      }
      // Files uploaded before the first save belong to this forward from now on.
      await tx.query('update forward_attachments set efid = $1 where muid = $2 and efid is null and created_by = $3', [efid, b.muid, auth.username]);
      return efid;
    });
  }

  app.get<{ Params: { muid: string; efid?: string } }>(
    '/api/emails/html-body/:muid',
    { config: view, schema: { params: muidParam } },
    async (req): Promise<HtmlBodyResponse> => {
      const auth = requireAuth(req);
      const muid = Number(req.params.muid);
      await requireEmail(db, req, muid);
      const original = await originalHtml(db, muid, storage);
      if (!original) throw httpError(404, emailMessages().emailMissing);
      const me = await senderOf(db, auth);
      return { muid, ids: null, body: original.html, message: '', subject: original.subject, forward_to: ctx.config.forwardTo ?? '', cc: me, forward_from: me };
    },
  );

  app.get<{ Params: { muid: string; efid: string } }>(
    '/api/emails/html-body/:muid/:efid',
    { config: view, schema: { params: { type: 'object', required: ['muid', 'efid'], properties: { muid: id, efid: id } } } },
    async (req): Promise<HtmlBodyResponse> => {
      const muid = Number(req.params.muid);
      await requireEmail(db, req, muid);
      const f = await findForward(db, muid, Number(req.params.efid));
      if (!f) throw httpError(404, `Forwarded email ${req.params.efid} not found`);
      return {
        muid, ids: f.efid, body: f.body, message: f.message, subject: f.forward_subject,
        forward_to: f.forward_to || f.draft_to, cc: f.cc || f.draft_cc, forward_from: f.forward_from,
      };
    },
  );

  app.get('/api/emails/forward-to', { config: view }, async () => ({ forwardto: ctx.config.forwardTo ?? '' }));

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
    const b = req.body;
    await requireEmail(db, req, b.muid);
    const cc = b.cc ?? '';
    const { errors, warnings } = checkForward({ forward_to: b.forward_to, cc, forward_subject: b.subject }, 'send');
    if (errors.length) return refuse(reply, errors);
    // 000 §4: Save & Send saves first, then sends what was saved.
    const ids = await saveDraft(auth, { muid: b.muid, ids: b.ids, body: b.body, subject: b.subject, to: b.forward_to, cc, message: b.message ?? '' });
    const f = (await findForward(db, b.muid, ids))!;
    const wanted = b.attachids ?? (await listAttachments(db, b.muid, ids)).map((a) => a.ceafid);
    const att = wanted.length
      ? (await db.query<{ ceafid: string; filename: string; mime: string; storage_key: string }>(
          'select ceafid, filename, mime, storage_key from forward_attachments where muid = $1 and ceafid = any($2) and (efid = $3 or efid is null) order by ceafid',
          [b.muid, wanted, ids],
        )).rows
      : [];
    const from = f.forward_from || (await senderOf(db, auth));
    // The Cc warning never blocks (000 §5); an invalid Cc is left out rather than bouncing the message.
    const ccList = warnings.length ? [] : splitAddresses(cc);
    let messageId: string;
    try {
      const sent = await mailer.send({
        from: from || defaultFrom,
        to: b.forward_to.trim(),
        ...(ccList.length ? { cc: ccList } : {}),
        subject: f.forward_subject,
        html: forwardMailHtml(f.message, f.body),
        attachDataUrls: true,
        attachments: await Promise.all(att.map(async (a) => ({ filename: a.filename, contentType: a.mime, content: await storage.get(a.storage_key) }))),
      });
      messageId = sent.messageId;
    } catch (err) {
      req.log.error({ err }, 'forward send failed');
      return reply.code(502).send(errorBody(502, forwardPolicy().messages.sendFailed.text));
    }
    await db.query('update forwarded_emails set forward_to = $2, cc = $3, sent_at = now(), message_id = $4, efdate = now() where efid = $1', [
      ids, b.forward_to.trim(), ccList.join(', '), messageId,
    ]);
    return { status: 'ok', ids, message: forwardPolicy().messages.sent.text, messageId };
  });

  app.get<{ Params: { muid: string } }>('/api/emails/forwarded/:muid', { config: view, schema: { params: muidParam } }, async (req): Promise<ForwardedListResponse> => {
    const muid = Number(req.params.muid);
    await requireEmail(db, req, muid);
    const list = await listForwards(db, muid);
    return { forwardjson: list, list: list.map((f) => f.efid) };
  });

  app.delete<{ Params: { muid: string; id: string } }>(
    '/api/emails/forwarded/:muid/:id',
    { config: del, schema: { params: { type: 'object', required: ['muid', 'id'], properties: { muid: id, id } } } },
    async (req): Promise<MessageResult & { efid: number }> => {
      const muid = Number(req.params.muid);
      await requireEmail(db, req, muid);
      const efid = Number(req.params.id);
      const keys = await db.query<{ storage_key: string }>('select storage_key from forward_attachments where efid = $1 and muid = $2', [efid, muid]);
      const r = await db.query('delete from forwarded_emails where efid = $1 and muid = $2', [efid, muid]);
      if (r.rowCount === 0) throw httpError(404, `Forwarded email ${efid} not found`);
      for (const k of keys.rows) await storage.delete(k.storage_key);
      return { message: forwardPolicy().messages.forwardDeleted.text, efid };
    },
  );

  // ---- attachments ----
  app.get<{ Params: { muid: string }; Querystring: { efid?: string } }>(
    '/api/emails/attachments/:muid',
    { config: view, schema: { params: muidParam, querystring: { type: 'object', properties: { efid: id } } } },
    async (req): Promise<AttachmentListResponse> => {
      const muid = Number(req.params.muid);
      await requireEmail(db, req, muid);
      const attachments = await listAttachments(db, muid, req.query.efid ? Number(req.query.efid) : null);
      return { attachments, total: attachments.reduce((s, a) => s + a.size, 0), limit: forwardPolicy().upload.maxTotalBytes };
    },
  );

  app.post<{ Params: { muid: string }; Querystring: { efid?: string } }>(
    '/api/emails/upload-attachments/:muid',
    { config: add, schema: { params: muidParam, querystring: { type: 'object', properties: { efid: id } } } },
    async (req) => {
      const auth = requireAuth(req);
      const muid = Number(req.params.muid);
      const efid = req.query.efid ? Number(req.query.efid) : null;
      const policy = forwardPolicy();
      const m = policy.messages;
      const part = await req.file({ limits: { fileSize: policy.upload.maxTotalBytes } });
      if (!part) throw httpError(400, 'No file was uploaded.');
      try {
        await requireEmail(db, req, muid);
        // A forward's files join that forward only when it is this email's.
        if (efid !== null && !(await findForward(db, muid, efid))) throw httpError(404, `Forwarded email ${efid} not found`);
        if (part.fieldname !== policy.upload.field) throw httpError(400, `The file must be sent in the multipart field ${policy.upload.field}.`);
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const used = (await listAttachments(db, muid, efid)).reduce((s, a) => s + a.size, 0);
      const room = policy.upload.maxTotalBytes - used;
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > room) tooLarge = true;
          else chunks.push(chunk);
        }
      } catch (err) {
        // Past the per-request limit (the policy's total): the spec's message, not the library's.
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, m.uploadTooLarge.text);
        throw err;
      }
      if (tooLarge || part.file.truncated) throw httpError(413, m.uploadTooLarge.text);
      const bytes = Buffer.concat(chunks);
      const type = await sniffAttachment(bytes.subarray(0, 65536), part.filename, policy.upload.types);
      if (!type) throw httpError(415, m.uploadType.text);
      const filename = cleanName(part.filename);
      const key = `forwards/${muid}/${Date.now()}-${randomBytes(6).toString('hex')}.${type.ext}`;
      await storage.put(key, bytes);
      const r = await db.query<{ ceafid: string }>(
        'insert into forward_attachments (muid, efid, filename, mime, size, sha256, storage_key, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8) returning ceafid',
        [muid, efid, filename, type.mime, size, createHash('sha256').update(bytes).digest('hex'), key, auth.username],
      );
      return { message: m.uploaded.text, ceafid: Number(r.rows[0]!.ceafid), filename, size, mime: type.mime };
    },
  );

  // An attachment is its email's: the email's panelist type gates it (issue 11), checked before anything is deleted.
  app.delete<{ Params: { id: string } }>('/api/emails/attachment/:id', { config: del, schema: { params: { type: 'object', required: ['id'], properties: { id } } } }, async (req): Promise<MessageResult> => {
    const ceafid = Number(req.params.id);
    const muid = await requireEmailOfRow(db, req, 'forward_attachments', ceafid);
    if (muid === null) throw httpError(404, `Attachment ${req.params.id} not found`);
    const r = await db.query<{ storage_key: string }>('delete from forward_attachments where ceafid = $1 and muid = $2 returning storage_key', [ceafid, muid]);
    const row = r.rows[0];
    if (!row) throw httpError(404, `Attachment ${req.params.id} not found`);
    await storage.delete(row.storage_key);
    return { message: forwardPolicy().messages.attachmentDeleted.text };
  });

  app.get<{ Params: { id: string } }>('/api/emails/download-attachment/:id', { config: view, schema: { params: { type: 'object', required: ['id'], properties: { id } } } }, async (req, reply) => {
    const muid = await requireEmailOfRow(db, req, 'forward_attachments', Number(req.params.id));
    const r = await db.query<{ storage_key: string; filename: string; mime: string; size: number }>(
      'select storage_key, filename, mime, size from forward_attachments where ceafid = $1 and muid = $2',
      [Number(req.params.id), muid],
    );
    const a = r.rows[0];
    if (!a) throw httpError(404, `Attachment ${req.params.id} not found`);
    return reply
      .type(a.mime)
      .header('content-length', String(a.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      // RFC 6266/5987 (an ASCII fallback and filename*), as the product downloads: any file name is safe.
      .header('content-disposition', contentDisposition(a.filename))
      .send(await storage.stream(a.storage_key));
  });

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

  app.get<{ Params: { muid: string; efid: string } }>('/api/emails/processed-html/:muid/:efid', { config: view, schema: { params: docParams } }, async (req, reply) => {
    const html = await documentOf(req, Number(req.params.muid), req.params.efid);
    return reply
      .type('text/html; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; sandbox")
      .send(html);
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
