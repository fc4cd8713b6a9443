import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { importLastThroughput, importMessages, importSeconds } from '../metrics/portalMetrics';
import type { Db } from '../db/Db';
import type { AttachmentStore } from './AttachmentStore';
import type { BatchItem, ExistingEmail, ItemOutcome } from './BatchItem';
import { defaultImportLimits, type ImportLimits } from './ImportLimits';
import type { ImportSource } from './ImportSource';
import { ImportFailure, importStatus } from './importStatus';
import type { ImportSummary } from './ImportSummary';
import { loadPanelistAssigner, type PanelistMode } from './panelistAssigner';
import { leaseParserPool } from './leaseParserPool';
import { storeBatch, type StoreContext } from './storeBatch';
import { scoreEmails } from '../predictions/scoreEmails';
import { mergeSearchIndexes } from '../emails/mergeSearchIndexes';

export interface ImportOptions {
  /** Recorded on the import job (e.g. the paths given, "demo", "drop folder"). */
  source: string;
  limits?: Partial<ImportLimits>;
  /** How recipients map to panelists; default `match` (recipient address = panelist email). */
  panelists?: PanelistMode;
  /** Attachment bytes go here when given, else into email_attachments.content. */
  attachmentStore?: AttachmentStore;
  /** Messages per transaction (default 250) and bytes per transaction (default 64 MB). */
  batchSize?: number;
  batchBytes?: number;
  /** Parser worker threads (default: cores - 1, at least 1, at most 4). */
  workers?: number;
  /** The queue job this import runs as (recorded on import_jobs for the import-logs screen). */
  queueJobId?: string;
  /** Leave duplicate grouping to the `emails.groupDuplicates` job (see jobs/portalJobs.ts). */
  deferGrouping?: boolean;
  /** Called after each stored batch with the running totals. */
  onProgress?: (summary: ImportSummary) => void;
  /** Awaited after each stored batch (tests only: PORTAL_TEST_PAUSE_AT holds the import here). */
  afterBatch?: () => Promise<void>;
}

const warn = (what: string, err: unknown) => process.emitWarning(`${what}: ${err instanceof Error ? err.message : String(err)}`, 'PortalImportWarning');

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/**
 * Imports messages as one import job: parses them in bounded worker threads while the previous
 * batch is written, one transaction per batch; every message gets a log row, and no message can
 * stop the run. Raw bytes already stored count as duplicates (idempotent re-import).
 */
export async function runImport(db: Db, sources: Iterable<ImportSource>, opts: ImportOptions): Promise<ImportSummary> {
  const limits: ImportLimits = { ...defaultImportLimits, ...opts.limits };
  const batchSize = opts.batchSize ?? 250;
  const batchBytes = opts.batchBytes ?? 64 * 1024 * 1024;
  // The parser workers (kept warm between imports) are leased first: new ones boot while the job
  // row and the panelist table are read.
  const pool = leaseParserPool(limits, opts.workers ?? Math.min(4, Math.max(1, availableParallelism() - 1)));
  let jobId: number;
  let ctx: StoreContext;
  try {
    const jobRes = await db.query<{ id: number }>('insert into import_jobs (source, queue_job_id) values ($1, $2) returning id', [opts.source.slice(0, 2000), opts.queueJobId ?? null]);
    jobId = Number(jobRes.rows[0].id);
    ctx = { jobId, assignPanelist: await loadPanelistAssigner(db, opts.panelists ?? 'match'), attachmentStore: opts.attachmentStore, deferGrouping: opts.deferGrouping };
  } catch (err) {
    pool.release();
    throw err;
  }
  const summary: ImportSummary = { job: jobId, imported: 0, duplicates: 0, failed: 0, failures: [] };
  const started = performance.now();
  const iterator = sources[Symbol.iterator]();

  const nextChunk = (): ImportSource[] => {
    const chunk: ImportSource[] = [];
    let bytes = 0;
    while (chunk.length < batchSize && bytes < batchBytes) {
      const n = iterator.next();
      if (n.done) break;
      chunk.push(n.value);
      bytes += 'raw' in n.value ? n.value.raw.byteLength : 0;
    }
    return chunk;
  };

  // Raw bytes already stored are not parsed again; their log row describes the stored email.
  const findExisting = async (shas: string[]): Promise<Map<string, ExistingEmail>> => {
    if (shas.length === 0) return new Map();
    const res = await db.query<ExistingEmail & { raw_sha256: string }>(
      `select muid, original_muid, email_date, mimetype, raw_sha256 from emails where raw_sha256 = any(array(select json_array_elements_text($1::json)))`,
      [JSON.stringify(shas)],
    );
    return new Map(res.rows.map((r) => [r.raw_sha256, { muid: Number(r.muid), original_muid: r.original_muid, email_date: r.email_date ? new Date(r.email_date).toISOString() : null, mimetype: r.mimetype }]));
  };

  const prepare = async (chunk: ImportSource[]): Promise<() => Promise<BatchItem[]>> => {
    const shas = chunk.map((s) => ('raw' in s ? sha256(s.raw) : ''));
    const existing = await findExisting(shas.filter(Boolean));
    const parsing = chunk.map(async (s, i): Promise<BatchItem> => {
      if (!('raw' in s)) {
        return { file: s.file, sha256: '', raw: Buffer.alloc(0), size: s.unreadable.size, result: { kind: 'failed', statusCode: s.unreadable.statusCode, reason: s.unreadable.reason } };
      }
      const base = { file: s.file, sha256: shas[i], raw: s.raw, size: s.raw.byteLength };
      const found = existing.get(shas[i]);
      if (found) return { ...base, result: { kind: 'existing', email: found } };
      try {
        if (s.raw.byteLength === 0) throw new ImportFailure(importStatus.empty, 'empty message');
        if (s.raw.byteLength > limits.maxMessageBytes) {
          throw new ImportFailure(importStatus.tooLarge, `message is ${s.raw.byteLength} bytes, over the ${limits.maxMessageBytes}-byte limit`);
        }
        return { ...base, result: { kind: 'parsed', msg: await pool.parse(s.raw, shas[i]) } };
      } catch (err) {
        const f = err instanceof ImportFailure ? err : new ImportFailure(importStatus.unparseable, `unparseable message: ${(err as Error).message}`);
        return { ...base, result: { kind: 'failed', statusCode: f.statusCode, reason: f.message } };
      }
    });
    const all = Promise.all(parsing);
    all.catch(() => undefined);
    return () => all;
  };

  const count = (outcomes: ItemOutcome[]) => {
    for (const o of outcomes) {
      importMessages.inc({ outcome: o.status });
      if (o.status === 'imported') summary.imported++;
      else if (o.status === 'duplicate') summary.duplicates++;
      else {
        summary.failed++;
        summary.failures.push({ file: o.file, reason: o.reason ?? 'failed', status_code: o.statusCode });
      }
    }
  };

  const store = async (items: BatchItem[]) => {
    try {
      count(await db.transaction((tx) => storeBatch(tx, items, ctx)));
      return;
    } catch {
      // One bad row must not lose the batch: retry message by message.
    }
    for (const item of items) {
      try {
        count(await db.transaction((tx) => storeBatch(tx, [item], ctx)));
      } catch (err) {
        const failed: BatchItem = { ...item, result: { kind: 'failed', statusCode: importStatus.storeFailed, reason: `could not store: ${(err as Error).message}`.slice(0, 500) } };
        try {
          count(await db.transaction((tx) => storeBatch(tx, [failed], ctx)));
        } catch {
          count([{ file: item.file, status: 'failed', statusCode: importStatus.storeFailed, reason: (failed.result as { reason: string }).reason }]);
        }
      }
    }
  };

  try {
    // Two batches are handed to the parsers ahead of the one being written, so neither the workers
    // nor the database wait for the other when one batch parses slower or stores slower than the next.
    const ahead: Array<() => Promise<BatchItem[]>> = [];
    let exhausted = false;
    const fill = async () => {
      while (!exhausted && ahead.length < 2) {
        const chunk = nextChunk();
        if (chunk.length === 0) exhausted = true;
        else ahead.push(await prepare(chunk));
      }
    };
    await fill();
    while (ahead.length > 0) {
      const items = await ahead.shift()!();
      await fill();
      await store(items);
      opts.onProgress?.(summary);
      await opts.afterBatch?.();
    }
  } finally {
    pool.release();
    const seconds = (performance.now() - started) / 1000;
    importSeconds.inc(seconds);
    if (seconds > 0) importLastThroughput.set((summary.imported + summary.duplicates + summary.failed) / seconds);
    await db.query(
      `update import_jobs set end_time = now(), total = $2, imported = $3, duplicates = $4, failed = $5 where id = $1`,
      [jobId, summary.imported + summary.duplicates + summary.failed, summary.imported, summary.duplicates, summary.failed],
    );
  }
  if (summary.imported > 0) {
    // The searches after an import read the new emails from the indexes, not from a pending list
    // (a queued import's grouping job writes them again, and merges then). Neither step can lose a
    // stored email, so a failure is reported as a process warning and the import still succeeds.
    if (!opts.deferGrouping) await mergeSearchIndexes(db).catch((err: unknown) => warn('search indexes not merged after the import', err));
    // New emails get their predictions as they arrive (when a model exists).
    await scoreEmails(db, { importJob: jobId }).catch((err: unknown) => warn('new emails not scored for predictions', err));
  }
  return summary;
}
