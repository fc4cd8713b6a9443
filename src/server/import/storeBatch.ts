import type { Queryable } from '../db/Db';
import type { AttachmentStore } from './AttachmentStore';
import type { BatchItem, ItemOutcome } from './BatchItem';
import { groupDuplicates, type DedupCandidate } from './groupDuplicates';
import { importLogRow } from './importLogRow';
import { importStatus } from './importStatus';
import type { PanelistAssigner } from './panelistAssigner';
import { simhashBands } from './simhash';

/** Serialises writers across processes (CLI, drop folder, server) so dedup groups stay coherent. */
export const importLockKey = 727_003;

export interface StoreContext {
  jobId: number;
  assignPanelist: PanelistAssigner;
  attachmentStore?: AttachmentStore;
  /** Mark the new emails `dedup_pending` for the grouping job instead of grouping them here. */
  deferGrouping?: boolean;
}

const closeBrace = Buffer.from('}');
const closeBracket = Buffer.from(']');

const buf = (u: Uint8Array): Buffer => (Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength));

/**
 * Writes one batch in one transaction: emails (skipping raw bytes already stored), raw sources,
 * attachments, duplicate groups and a log row per message. Returns each message's outcome.
 */
export async function storeBatch(tx: Queryable, items: BatchItem[], ctx: StoreContext): Promise<ItemOutcome[]> {
  await tx.query('select pg_advisory_xact_lock($1)', [importLockKey]);
  const outcomes: ItemOutcome[] = items.map((item) =>
    item.result.kind === 'failed'
      ? { file: item.file, status: 'failed', statusCode: item.result.statusCode, reason: item.result.reason }
      : item.result.kind === 'existing'
        ? { file: item.file, status: 'duplicate', statusCode: importStatus.alreadyImported, reason: 'already imported', muid: item.result.email.muid }
        : { file: item.file, status: 'imported', statusCode: importStatus.imported },
  );

  const parsedIdx = items.map((it, i) => (it.result.kind === 'parsed' ? i : -1)).filter((i) => i >= 0);
  const rows = parsedIdx.map((i) => {
    const item = items[i];
    const msg = (item.result as Extract<BatchItem['result'], { kind: 'parsed' }>).msg;
    const panelist = ctx.assignPanelist(msg.recipients);
    const year = (msg.date ?? new Date().toISOString()).slice(0, 4);
    return {
      ord: i,
      original_muid: msg.originalMuid,
      raw_sha256: item.sha256,
      raw_size: item.raw.byteLength,
      mimetype: msg.mimetype,
      email_subject: msg.subject,
      email_from_name: msg.fromName,
      email_from_one: msg.fromAddress,
      email_to: msg.to,
      email_cc: msg.cc,
      email_date: msg.date,
      has_attachment: msg.attachments.length > 0 ? 1 : 0,
      panelist_id: panelist?.panelist_id ?? null,
      competi_id: panelist?.competi_id ?? null,
      panelist_type: panelist?.panelist_type ?? null,
      index_name: `emails_${year}`,
      body_hash: msg.bodyHash,
      simhash: msg.simhash,
    };
  });
  // The batch's rows as one JSON array, each row's bodies and search vector spliced in as the
  // worker encoded them.
  const rowsJson = (): Buffer => {
    const parts: Uint8Array[] = [];
    rows.forEach((row, j) => {
      const msg = (items[row.ord].result as Extract<BatchItem['result'], { kind: 'parsed' }>).msg;
      parts.push(Buffer.from(`${j === 0 ? '[' : ','}${JSON.stringify(row).slice(0, -1)},`), msg.bodyJson, closeBrace);
    });
    parts.push(closeBracket);
    return Buffer.concat(parts);
  };

  const inserted = new Map<string, number>();
  if (rows.length > 0) {
    const res = await tx.query<{ muid: number; raw_sha256: string }>(
      `insert into emails (original_muid, raw_sha256, raw_size, mimetype, email_subject, email_from_name, email_from_one,
         email_to, email_cc, email_date, text_body, html_body, has_attachment, panelist_id, competi_id, panelist_type,
         index_name, body_hash, simhash, import_job_id, search)
       select x.original_muid, x.raw_sha256, x.raw_size, x.mimetype, x.email_subject, x.email_from_name, x.email_from_one,
         x.email_to, x.email_cc, x.email_date, x.text_body, x.html_body, x.has_attachment, x.panelist_id, x.competi_id,
         x.panelist_type, x.index_name, x.body_hash, x.simhash, $2::bigint,
         x.search::tsvector
       from json_to_recordset(convert_from($1::bytea, 'UTF8')::json) as x(ord integer, original_muid text, raw_sha256 text, raw_size integer,
         mimetype text, email_subject text, email_from_name text, email_from_one text, email_to text, email_cc text,
         email_date timestamptz, text_body text, html_body text, has_attachment smallint, panelist_id integer,
         competi_id integer, panelist_type text, index_name text, body_hash text, simhash bigint, search text)
       order by x.ord
       on conflict (raw_sha256) do nothing
       returning muid, raw_sha256`,
      [rowsJson(), ctx.jobId],
    );
    for (const r of res.rows) inserted.set(r.raw_sha256, Number(r.muid));
  }

  // The first item with given bytes owns the new row; later ones (same bytes twice in the batch, or
  // stored by another run meanwhile) are duplicates, not errors.
  const claimed = new Set<string>();
  const raws: Array<{ muid: number; raw: string | null; storage_key: string | null; raw_offset: number | null; raw_length: number | null }> = [];
  // With a file store, the batch's raw messages become one pack file (one write and sync, not one per message).
  const packed: Uint8Array[] = [];
  let packedBytes = 0;
  const fileWrites: Array<Promise<void>> = [];
  const attachments: Array<Record<string, unknown>> = [];
  const candidates: DedupCandidate[] = [];
  const unresolved: number[] = [];
  for (const i of parsedIdx) {
    const item = items[i];
    const muid = inserted.get(item.sha256);
    if (muid === undefined || claimed.has(item.sha256)) {
      outcomes[i] = { file: item.file, status: 'duplicate', statusCode: importStatus.alreadyImported, reason: 'already imported', muid };
      if (muid === undefined) unresolved.push(i);
      continue;
    }
    claimed.add(item.sha256);
    outcomes[i].muid = muid;
    const msg = (item.result as Extract<BatchItem['result'], { kind: 'parsed' }>).msg;
    if (ctx.attachmentStore) {
      packed.push(item.raw);
      raws.push({ muid, raw: null, storage_key: null, raw_offset: packedBytes, raw_length: item.raw.byteLength });
      packedBytes += item.raw.byteLength;
    } else raws.push({ muid, raw: buf(item.raw).toString('base64'), storage_key: null, raw_offset: null, raw_length: null });
    for (let n = 0; n < msg.attachments.length; n++) {
      const a = msg.attachments[n];
      let key: string | null = null;
      if (ctx.attachmentStore) {
        key = `attachments/${muid}/${n + 1}`;
        const write = ctx.attachmentStore.put(key, a.content);
        write.catch(() => undefined); // awaited with the other file writes below
        fileWrites.push(write);
      }
      attachments.push({
        muid,
        filename: a.filename,
        content_type: a.contentType,
        disposition: a.disposition,
        content_id: a.contentId,
        size: a.content.byteLength,
        storage_key: key,
        content: key ? null : buf(a.content).toString('base64'),
      });
    }
    if (msg.bodyHash || msg.simhash) candidates.push({ muid, bodyHash: msg.bodyHash, simhash: msg.simhash, bands: msg.simhash ? simhashBands(BigInt(msg.simhash)) : null });
  }
  if (unresolved.length > 0) {
    const found = await tx.query<{ muid: number; raw_sha256: string }>(
      `select muid, raw_sha256 from emails where raw_sha256 = any(array(select json_array_elements_text($1::json)))`,
      [JSON.stringify([...new Set(unresolved.map((i) => items[i].sha256))])],
    );
    const bySha = new Map(found.rows.map((r) => [r.raw_sha256, Number(r.muid)]));
    for (const i of unresolved) outcomes[i].muid = bySha.get(items[i].sha256);
  }

  if (packed.length > 0 && ctx.attachmentStore) {
    const key = `raw/${ctx.jobId}/${raws[0].muid}.pack`;
    for (const r of raws) r.storage_key = key;
    const write = ctx.attachmentStore.put(key, Buffer.concat(packed));
    write.catch(() => undefined); // awaited below; a failed write must not go unhandled meanwhile
    fileWrites.push(write);
  }
  if (raws.length > 0) {
    // base64 inside one JSON parameter is several times faster than bytea parameters on PGlite.
    await tx.query(
      `insert into email_raw (muid, raw, storage_key, raw_offset, raw_length)
       select x.muid, decode(x.raw, 'base64'), x.storage_key, x.raw_offset, x.raw_length
       from json_to_recordset($1::json) as x(muid bigint, raw text, storage_key text, raw_offset bigint, raw_length integer)`,
      [JSON.stringify(raws)],
    );
  }
  // The file writes run beside the statements; the batch commits only once they are all on disk.
  await Promise.all(fileWrites);
  if (attachments.length > 0) {
    await tx.query(
      `insert into email_attachments (muid, filename, content_type, disposition, content_id, size, storage_key, content)
       select x.muid, x.filename, x.content_type, x.disposition, x.content_id, x.size, x.storage_key, decode(x.content, 'base64')
       from json_to_recordset($1::json) as x(muid bigint, filename text, content_type text, disposition text,
         content_id text, size integer, storage_key text, content text)`,
      [JSON.stringify(attachments)],
    );
  }
  if (!ctx.deferGrouping) await groupDuplicates(tx, candidates);
  else if (candidates.length > 0) {
    await tx.query(`update emails set dedup_pending = true where muid = any(array(select json_array_elements_text($1::json)::bigint))`, [
      JSON.stringify(candidates.map((c) => c.muid)),
    ]);
  }

  const logs = items.map((item, i) => importLogRow(item, outcomes[i]));
  await tx.query(
    `insert into import_logs (job_id, db_muid, original_muid, email_date, mimetype, content_length, status, status_code, reason, file)
     select $2::bigint, x.db_muid, x.original_muid, x.email_date, x.mimetype, x.content_length, x.status, x.status_code, x.reason, x.file
     from json_to_recordset($1::json) as x(db_muid bigint, original_muid text, email_date timestamptz, mimetype text,
       content_length integer, status smallint, status_code integer, reason text, file text)`,
    [JSON.stringify(logs), ctx.jobId],
  );
  return outcomes;
}
