import type { Db } from '../db/Db';
import { defaultImportLimits } from './ImportLimits';
import type { ImportSummary } from './ImportSummary';
import { readSources } from './readSources';
import { runImport, type ImportOptions } from './runImport';

/** Imports files (.eml or any single message), directories (recursive) and mbox files as one job. */
export function importPaths(db: Db, paths: string[], opts: Partial<ImportOptions> = {}): Promise<ImportSummary> {
  const limits = { ...defaultImportLimits, ...opts.limits };
  return runImport(db, readSources(paths, limits), { ...opts, limits, source: opts.source ?? paths.join(', ') });
}
