import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { Db } from '../db/Db';
import { defaultImportLimits } from './ImportLimits';
import type { ImportSource } from './ImportSource';
import type { ImportSummary } from './ImportSummary';
import { listFiles, readFileSources } from './readSources';
import { runImport, type ImportOptions } from './runImport';

export interface DropFolderOptions extends Partial<ImportOptions> {
  db: Db;
  /** Folder watched for new files (env IMPORT_DROP_DIR). */
  dir: string;
  /** Scan interval (env IMPORT_INTERVAL_MS, default 60 s). */
  intervalMs?: number;
  /** Files changed more recently than this are left for the next scan (still being written); default 2 s. */
  settleMs?: number;
  /** Called after each run that found files. */
  onRun?: (summary: ImportSummary) => void;
  onError?: (err: unknown) => void;
}

export interface DropFolderImporter {
  /** Scans now (waits for a running scan first); resolves with the summary, or null when nothing was there. */
  runNow(): Promise<ImportSummary | null>;
  stop(): Promise<void>;
}

const processedDir = 'processed';

export interface DropFolderScan extends Partial<ImportOptions> {
  db: Db;
  dir: string;
  settleMs?: number;
}

/**
 * One scan: imports the settled files in `dir` (recursively, except `processed/`) as one import job
 * and moves each file into `dir/processed/` (same relative path; a numeric suffix avoids clobbering).
 * Resolves to null when there was nothing to import. The drop-folder job runs this.
 */
export async function scanDropFolder(opts: DropFolderScan): Promise<ImportSummary | null> {
  const { db, dir } = opts;
  if (!existsSync(dir)) return null;
  const limits = { ...defaultImportLimits, ...opts.limits };
  const settled = Date.now() - (opts.settleMs ?? 2_000);
  const files = listFiles(dir, (name) => name === processedDir).filter((f) => statSync(f).mtimeMs <= settled);
  if (files.length === 0) return null;
  function* sources(): Generator<ImportSource> {
    for (const f of files) yield* readFileSources(f, limits);
  }
  const summary = await runImport(db, sources(), { ...opts, limits, source: opts.source ?? `drop folder ${dir}` });
  for (const f of files) {
    let target = join(dir, processedDir, relative(dir, f));
    mkdirSync(join(target, '..'), { recursive: true });
    for (let n = 1; existsSync(target); n++) target = join(target, '..', `${n}-${basename(f)}`);
    renameSync(f, target);
  }
  return summary;
}

/**
 * Every interval, runs scanDropFolder in this process. Runs never overlap. Whatever the messages
 * contain, a scan never throws past `onError`. (The server runs the scan as a queued job instead,
 * so that with several instances one scan runs at a time: see jobs/portalJobs.ts.)
 */
export function startDropFolderImporter(opts: DropFolderOptions): DropFolderImporter {
  const { intervalMs = 60_000 } = opts;
  let running: Promise<ImportSummary | null> = Promise.resolve(null);
  let stopped = false;

  const scan = async (): Promise<ImportSummary | null> => {
    if (stopped) return null;
    const summary = await scanDropFolder(opts);
    if (summary) opts.onRun?.(summary);
    return summary;
  };

  const runNow = () => {
    running = running.then(scan, scan).catch((err: unknown) => {
      opts.onError?.(err);
      return null;
    });
    return running;
  };
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
