import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import contentDisposition from 'content-disposition';
import type { AttachmentListResponse, MessageResult } from '../../api/forwardTypes';
import { requireAuth } from '../auth/access';
import { requireEmailOfRow } from '../auth/objectAccess';
import { httpError } from '../httpError';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { storageFor } from '../storage/storageFor';
import { MeterStream } from '../storage/meterStream';
import { forwardPolicy } from './forwardPolicy';
import { listAttachments } from './forwardStore';
import { completeUpload, releaseUpload, reserveUpload } from './reserveUpload';
import { isMailAdmin, requireForwardOwner } from './requireForwardOwner';
import { requireEmail } from './requireEmail';
import { sniffAttachment } from './sniffAttachment';

const view = { permission: { module: 'dashboard', operation: 'view' } };
const add = { permission: { module: 'dashboard', operation: 'add' } };
const del = { permission: { module: 'dashboard', operation: 'delete' } };
const id = { type: 'string', pattern: '^[0-9]{1,18}$' } as const;
const muidParam = { type: 'object', required: ['muid'], properties: { muid: id } } as const;
const idParam = { type: 'object', required: ['id'], properties: { id } } as const;

const cleanName = (name: string) => name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(0, 200) || 'file';
const fileTooLarge = (err: unknown) => (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Forward attachments (000 §3 Attachment, §5 Upload, §7): list, upload (multipart field
 * `email_attachment`), delete and download. An upload streams to storage through a meter (size,
 * sha256, the head for sniffing), never held whole in memory, within room reserved in the database
 * first (reserveUpload), so parallel uploads cannot pass the per-forward total together.
 */
export const forwardAttachmentRoutes: RoutePlugin = async (app, { ctx }) => {
  const db = ctx.db;
  const storage = storageFor(ctx.config);
  // Each request's own limit is the room it reserved; this only bounds the parts.
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 20 } });

  app.get<{ Params: { muid: string }; Querystring: { efid?: string } }>(
    '/api/emails/attachments/:muid',
    { config: view, schema: { params: muidParam, querystring: { type: 'object', properties: { efid: id } } } },
    async (req): Promise<AttachmentListResponse> => {
      const auth = requireAuth(req);
      const muid = Number(req.params.muid);
      await requireEmail(db, req, muid);
      const attachments = await listAttachments(db, muid, req.query.efid ? Number(req.query.efid) : null, auth.userId);
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
      await requireEmail(db, req, muid);
      // Files join a forward only when it is this email's and the caller's (or the caller is an administrator).
      if (efid !== null) await requireForwardOwner(db, auth, muid, efid);
      const declared = Number(req.headers['content-length']);
      const key = `forwards/${muid}/${Date.now()}-${randomBytes(6).toString('hex')}`;
      const reservation = await reserveUpload(db, {
        muid, efid, ownerId: auth.userId, username: auth.username, storageKey: key, max: policy.upload.maxTotalBytes,
        // Without a length (chunked) the upload may take all the room left.
        want: Number.isFinite(declared) && declared > 0 ? declared : policy.upload.maxTotalBytes,
      });
      if (!reservation) throw httpError(413, m.uploadTooLarge.text);
      for (const k of reservation.abandoned) await storage.delete(k);
      let stored = false;
      try {
        const part = await req.file({ limits: { fileSize: reservation.bytes } });
        if (!part) throw httpError(400, 'No file was uploaded.');
        if (part.fieldname !== policy.upload.field) {
          part.file.resume();
          throw httpError(400, `The file must be sent in the multipart field ${policy.upload.field}.`);
        }
        const meter = new MeterStream();
        stored = true;
        try {
          await Promise.all([pipeline(part.file, meter), storage.put(key, meter)]);
        } catch (err) {
          if (fileTooLarge(err)) throw httpError(413, m.uploadTooLarge.text);
          throw err;
        }
        if (part.file.truncated || meter.bytes > reservation.bytes) throw httpError(413, m.uploadTooLarge.text);
        const type = await sniffAttachment(meter.head(), part.filename, policy.upload.types);
        if (!type) throw httpError(415, m.uploadType.text);
        const filename = cleanName(part.filename);
        await completeUpload(db, reservation.ceafid, { filename, mime: type.mime, size: meter.bytes, sha256: meter.sha256() });
        return { message: m.uploaded.text, ceafid: reservation.ceafid, filename, size: meter.bytes, mime: type.mime };
      } catch (err) {
        await releaseUpload(db, reservation.ceafid);
        if (stored) await storage.delete(key);
        throw err;
      }
    },
  );

  // An attachment is its email's: the email's panelist type gates it (issue 11), checked before anything is deleted;
  // only its uploader, the creator of its forward or an administrator may delete it (issue 26).
  app.delete<{ Params: { id: string } }>('/api/emails/attachment/:id', { config: del, schema: { params: idParam } }, async (req): Promise<MessageResult> => {
    const auth = requireAuth(req);
    const ceafid = Number(req.params.id);
    const muid = await requireEmailOfRow(db, req, 'forward_attachments', ceafid);
    if (muid === null) throw httpError(404, `Attachment ${req.params.id} not found`);
    const a = await db.query<{ owner_id: number | null; efid: string | null }>('select owner_id, efid from forward_attachments where ceafid = $1 and complete', [ceafid]);
    const row = a.rows[0];
    if (!row) throw httpError(404, `Attachment ${req.params.id} not found`);
    if (row.efid !== null) await requireForwardOwner(db, auth, muid, Number(row.efid));
    else if (row.owner_id !== auth.userId && !isMailAdmin(auth)) throw httpError(403, forwardPolicy().messages.notOwner.text);
    const r = await db.query<{ storage_key: string }>('delete from forward_attachments where ceafid = $1 and muid = $2 returning storage_key', [ceafid, muid]);
    if (r.rows[0]) await storage.delete(r.rows[0].storage_key);
    return { message: forwardPolicy().messages.attachmentDeleted.text };
  });

  /**
   * A part of the email itself (issue 28: listed on the detail and in the editor), under the same
   * safe-download rules as forward attachments: an attachment disposition with an RFC 6266 name,
   * nosniff, a sandbox CSP, and the email's own access check.
   */
  app.get<{ Params: { id: string } }>('/api/emails/email-attachment/:id', { config: view, schema: { params: idParam } }, async (req, reply) => {
    const r = await db.query<{ muid: string; filename: string; content_type: string; size: number; storage_key: string | null; content: Uint8Array | null }>(
      'select muid::text as muid, filename, content_type, size, storage_key, content from email_attachments where id = $1',
      [Number(req.params.id)],
    );
    const a = r.rows[0];
    if (!a) throw httpError(404, `Attachment ${req.params.id} not found`);
    await requireEmail(db, req, Number(a.muid));
    const body = a.content ? Buffer.from(a.content) : a.storage_key ? await storage.stream(a.storage_key) : Buffer.alloc(0);
    return reply
      .type(/^[\w.+-]+\/[\w.+-]+$/.test(a.content_type) ? a.content_type : 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', contentDisposition(a.filename || `attachment-${req.params.id}`))
      .send(body);
  });

  app.get<{ Params: { id: string } }>('/api/emails/download-attachment/:id', { config: view, schema: { params: idParam } }, async (req, reply) => {
    const muid = await requireEmailOfRow(db, req, 'forward_attachments', Number(req.params.id));
    const r = await db.query<{ storage_key: string; filename: string; mime: string; size: string }>(
      'select storage_key, filename, mime, size from forward_attachments where ceafid = $1 and muid = $2 and complete',
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
};
