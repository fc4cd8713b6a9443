import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { projectRoot } from '../paths';

const here = dirname(fileURLToPath(import.meta.url));

/** The worker through tsx's loader: what runs when no bundle can be made. */
export const parseWorkerBootUrl = new URL('./parseWorkerBoot.mjs', import.meta.url);

export interface WorkerBundleOptions {
  /** The worker's TypeScript entry; default parseWorker.ts beside this file. */
  entry?: string;
  /**
   * Where bundles and their manifest are kept; default node_modules/.cache/content-portal under the
   * project (owned by whoever installed it, unlike a shared temp folder another user could fill).
   */
  cacheDir?: string;
}

interface Manifest {
  bundle: string;
  /** Every file the bundle was built from (absolute path) and the SHA-256 of its bytes then. */
  inputs: Record<string, string>;
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const defaultCacheDir = () => join(projectRoot, 'node_modules', '.cache', 'content-portal', 'parse-worker');

/** The cached bundle when every input it was built from is unchanged, else undefined. */
function cachedBundle(cacheDir: string, manifestFile: string): string | undefined {
  try {
    const m = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    for (const [file, hash] of Object.entries(m.inputs)) if (sha256(readFileSync(file)) !== hash) return undefined;
    const bundle = join(cacheDir, m.bundle);
    return existsSync(bundle) ? bundle : undefined;
  } catch {
    return undefined;
  }
}

/** Writes through a temporary name and a rename, so another process never reads half a file. */
function writeAtomic(file: string, body: string) {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, body);
  renameSync(tmp, file);
}

/**
 * The parser worker as one ES module bundled by esbuild, built on first use and kept in a cache
 * checked against the hashes of every file it was built from (a changed source rebuilds it); where
 * the cache cannot be written, the bundle is handed to the worker as a data: URL.
 * Through tsx a worker spent ~0.2 s loading and transforming its ~15 modules before its first
 * message, in every import run; the bundle starts in ~0.05 s (issue 10 item 6). Any failure to
 * bundle falls back to the tsx boot file: slower to start, same parser.
 */
export function bundleParseWorker(opts: WorkerBundleOptions = {}): URL {
  const entry = opts.entry ?? join(here, 'parseWorker.ts');
  const cacheDir = opts.cacheDir ?? defaultCacheDir();
  const manifestFile = join(cacheDir, `${sha256(entry).slice(0, 16)}.manifest.json`);
  const cached = cachedBundle(cacheDir, manifestFile);
  if (cached) return pathToFileURL(cached);
  const workDir = dirname(entry);
  const result = buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, metafile: true, absWorkingDir: workDir, logLevel: 'silent' });
  const code = result.outputFiles[0].text;
  const inputs: Record<string, string> = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = isAbsolute(input) ? input : join(workDir, input);
    inputs[file] = sha256(readFileSync(file));
  }
  const bundle = `parseWorker-${sha256(code).slice(0, 16)}.mjs`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeAtomic(join(cacheDir, bundle), code);
    writeAtomic(manifestFile, JSON.stringify({ bundle, inputs } satisfies Manifest));
  } catch {
    // A read-only installation: the bundle runs from memory, built again by each process.
    return new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  }
  return pathToFileURL(join(cacheDir, bundle));
}

let memo: URL | undefined;

/** The URL parser workers start from, resolved once per process (see bundleParseWorker). */
export function parseWorkerUrl(): URL {
  if (!memo) {
    try {
      memo = bundleParseWorker();
    } catch {
      memo = parseWorkerBootUrl;
    }
  }
  return memo;
}
