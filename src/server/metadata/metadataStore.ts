import { createEngine, lintMetadata, type Engine } from '../../engine';
import type { LintProblem, Metadata } from '../../engine/types';
import { metadataDir } from '../metadataDir';
import { metadataHash } from '../metadataHash';
import { loadMetadataFromDir } from './loadMetadataFromDir';

/** What the server runs: the metadata files, the engine compiled from them, and their version. */
export interface MetadataSnapshot {
  metadata: Metadata;
  engine: Engine;
  /** sha256 of schemas/ and rules/ as loaded (metadataHash): what GET /api/health reports. */
  version: string;
  loadedAt: string;
}

/** Why the files on disk are not what is served: their lint problems (`file` relative to the dir). */
export interface MetadataError {
  /** Hash of the refused files. */
  version: string;
  problems: LintProblem[];
  at: string;
}

export interface ReloadResult {
  /** The files on disk are the ones served. */
  ok: boolean;
  /** A new snapshot was swapped in. */
  changed: boolean;
  version: string;
  problems: LintProblem[];
}

// One shared empty list, so readers can tell "unchanged" by identity.
const noProblems: LintProblem[] = [];

export type MetadataListener = (result: ReloadResult, store: MetadataStore) => void;

/**
 * The one place the server keeps its metadata. `reload()` re-reads the folder and lints it, and
 * swaps the new files in only when lint passes: otherwise the last good metadata keeps serving
 * and `lastError` says why. Readers call `current()` per request, so a reload needs no restart.
 */
export class MetadataStore {
  private snapshot: MetadataSnapshot;
  private error: MetadataError | null = null;
  private readonly listeners = new Set<MetadataListener>();
  /** True while a watcher reloads the store on file changes (dev); clients then poll for problems. */
  watching = false;

  /**
   * Loads `dir` once. Metadata with lint problems still starts the server when it compiles (there
   * is no last good version to fall back on); the problems are reported as `lastError`.
   */
  constructor(readonly dir: string) {
    const version = metadataHash(dir);
    const metadata = loadMetadataFromDir(dir);
    const problems = lintMetadata(metadata);
    this.snapshot = { metadata, engine: createEngine(metadata, { codeGeneration: true }), version, loadedAt: new Date().toISOString() };
    if (problems.length) this.error = { version, problems, at: this.snapshot.loadedAt };
  }

  current(): MetadataSnapshot {
    return this.snapshot;
  }

  get lastError(): MetadataError | null {
    return this.error;
  }

  /** Problems of the files on disk at the last (re)load; empty when they are what is served. */
  get problems(): LintProblem[] {
    return this.error?.problems ?? noProblems;
  }

  reload(): ReloadResult {
    const version = metadataHash(this.dir);
    if (version === this.snapshot.version) {
      // Back to the served files (a broken edit undone): nothing to swap, the problem is gone.
      const wasBroken = this.error !== null && this.error.version !== version;
      if (wasBroken) this.error = null;
      return this.emit({ ok: this.error === null, changed: false, version, problems: this.problems }, wasBroken);
    }
    if (this.error?.version === version) return { ok: false, changed: false, version: this.snapshot.version, problems: this.problems };

    const metadata = loadMetadataFromDir(this.dir);
    let problems = lintMetadata(metadata);
    let engine: Engine | undefined;
    if (!problems.length) {
      try {
        engine = createEngine(metadata, { codeGeneration: true });
      } catch (e) {
        // Lint compiles the rules too, so this is a gap in lint rather than an analyst's typo.
        problems = [{ file: this.dir, path: '$', message: `metadata does not compile: ${(e as Error).message}` }];
      }
    }
    const at = new Date().toISOString();
    if (!engine) {
      this.error = { version, problems, at };
      return this.emit({ ok: false, changed: false, version: this.snapshot.version, problems }, true);
    }
    this.snapshot = { metadata, engine, version, loadedAt: at };
    this.error = null;
    return this.emit({ ok: true, changed: true, version, problems: [] }, true);
  }

  /** Called after every reload that changed the snapshot or the problems. */
  subscribe(listener: MetadataListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(result: ReloadResult, notify: boolean): ReloadResult {
    if (notify) for (const l of this.listeners) l(result, this);
    return result;
  }
}

let shared: MetadataStore | undefined;

/**
 * The process's store, opened on first use from METADATA_DIR (or the project root). runServer opens
 * it explicitly (`openMetadataStore(config.metadataDir)`) before the routes ask for it.
 */
export function metadataStore(): MetadataStore {
  return (shared ??= new MetadataStore(metadataDir()));
}

/** Opens (or replaces) the process's store on `dir`. */
export function openMetadataStore(dir: string = metadataDir()): MetadataStore {
  if (shared?.dir !== dir) shared = new MetadataStore(dir);
  return shared;
}

/**
 * Opens the process's store on `dir` only when its files load without problems; otherwise throws
 * `refuse(problems)` and the process keeps the store it had (a start refused in a process that goes
 * on, as in the tests, must not leave every later save on the refused files' version).
 */
export function openMetadataStoreWithoutProblems(dir: string = metadataDir(), refuse: (problems: readonly LintProblem[]) => Error): MetadataStore {
  const store = shared?.dir === dir ? shared : new MetadataStore(dir);
  if (store.problems.length) throw refuse(store.problems);
  shared = store;
  return store;
}
