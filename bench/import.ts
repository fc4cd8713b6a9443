import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import type { Bench, BenchRow } from './BenchRow';
import { ConcatBlob } from '../src/server/import/ConcatBlob';
import { migrate } from '../src/server/db/migrate';
import { openPgliteDb } from '../src/server/db/pgliteDb';
import { demoCorpusFiles } from '../src/server/import/importDemoCorpus';
import { defaultImportLimits } from '../src/server/import/ImportLimits';
import type { ImportSource } from '../src/server/import/ImportSource';
import { readFileSources } from '../src/server/import/readSources';
import { runImport } from '../src/server/import/runImport';
import { fsStorage } from '../src/server/storage/fsStorage';

/**
 * Import throughput on the SpamAssassin corpus next to postal-mime alone on the same messages, in
 * the same run (files read into memory first; neither figure includes reading them).
 * Budget: the full import (parse, dedup, index, store in a fresh PGlite) at least 0.75x parser-only
 * (issue 10 item 6).
 * The import is set up as `portal import` runs it: PGlite in a data directory on disk, attachment
 * bytes in the file store beside it.
 */
export async function benchImport(): Promise<BenchRow[]> {
  const sources: Array<Extract<ImportSource, { raw: Buffer }>> = [];
  for (const f of demoCorpusFiles()) for (const s of readFileSources(f, defaultImportLimits)) if ('raw' in s) sources.push(s);

  let t = performance.now();
  for (const s of sources) {
    try {
      await PostalMime.parse(s.raw);
    } catch {
      // Counted like the import counts a failure: the message was handled.
    }
  }
  const parseRate = (sources.length / (performance.now() - t)) * 1000;
  // The same with the Blob the import's parser worker installs (ConcatBlob): how far the import is
  // from its own parser, store included, next to the budget's stock postal-mime.
  const nativeBlob = globalThis.Blob;
  globalThis.Blob = ConcatBlob as unknown as typeof Blob;
  t = performance.now();
  try {
    for (const s of sources) {
      try {
        await PostalMime.parse(s.raw);
      } catch {
        // as above
      }
    }
  } finally {
    globalThis.Blob = nativeBlob;
  }
  const concatParseRate = (sources.length / (performance.now() - t)) * 1000;

  const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  const db = await openPgliteDb(join(dir, 'db'));
  // BENCH_IMPORT_WORKERS overrides the parser worker count (default: cores - 1) to compare settings.
  try {
    await migrate(db);
    t = performance.now();
    const summary = await runImport(db, sources, { source: 'bench', panelists: 'hash', attachmentStore: fsStorage(join(dir, 'files')), workers: process.env.BENCH_IMPORT_WORKERS ? Number(process.env.BENCH_IMPORT_WORKERS) : undefined });
    const importRate = (sources.length / (performance.now() - t)) * 1000;
    const groups = await db.query<{ n: number }>('select count(*)::integer as n from dedup_groups');
    return [
      { figure: 'import: postal-mime alone (corpus)', value: parseRate, unit: 'msg/s', budget: 'reference', pass: true, detail: `${sources.length} messages` },
      { figure: 'import: postal-mime with the worker\'s ConcatBlob', value: concatParseRate, unit: 'msg/s', budget: 'reference', pass: true, detail: `${(concatParseRate / parseRate).toFixed(1)}x stock postal-mime` },
      {
        figure: 'import: full import into PGlite (corpus)',
        value: importRate,
        unit: 'msg/s',
        budget: `>= 0.75x parser-only (${(parseRate * 0.75).toFixed(0)})`,
        pass: importRate >= parseRate * 0.75,
        detail: `${summary.imported} imported, ${summary.duplicates} duplicates, ${summary.failed} failed, ${groups.rows[0].n} dedup groups; ${(importRate / parseRate).toFixed(2)}x parser-only, ${(importRate / concatParseRate).toFixed(2)}x postal-mime with ConcatBlob`,
      },
    ];
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const importBench: Bench = { name: 'import', run: benchImport };
