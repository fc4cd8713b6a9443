import type { ImportLimits } from './ImportLimits';
import type { ParsedRow } from './ParsedRow';
import { ParserPool } from './ParserPool';

/** One import's use of a shared parser pool. */
export interface ParserLease {
  parse(raw: Uint8Array, sha256: string): Promise<ParsedRow>;
  /** The pool's worker thread ids (diagnostics: the same ids across leases mean warm workers). */
  threadIds(): number[];
  /** Drops this import's requests not yet started; the pool stays warm for the next import. */
  release(): void;
}

interface Shared {
  pool: ParserPool;
  leases: number;
  expiry?: NodeJS.Timeout;
}

/** How long idle parser workers are kept for the next import before they are stopped. */
export const parserPoolIdleMs = 60_000;

const pools = new Map<string, Shared>();

/**
 * A lease on the process's parser pool for these limits and size. Workers are kept between
 * imports (the drop-folder poll, uploads, the demo): a new worker spends its first thousands of
 * messages compiling and re-compiling postal-mime as it meets new kinds of mail, which measured
 * about a fifth of an import's wall time on 2 cores. Idle workers are unreferenced and stopped
 * after `parserPoolIdleMs`.
 */
export function leaseParserPool(limits: ImportLimits, size: number): ParserLease {
  const key = JSON.stringify([size, limits]);
  let shared = pools.get(key);
  if (!shared) {
    shared = { pool: new ParserPool(limits, size), leases: 0 };
    pools.set(key, shared);
  }
  const s = shared;
  if (s.expiry) clearTimeout(s.expiry);
  s.expiry = undefined;
  s.leases++;
  s.pool.setIdle(false);
  const owner = {};
  let released = false;
  return {
    parse: (raw, sha256) => (released ? Promise.reject(new Error('parser lease is released')) : s.pool.parse(raw, sha256, owner)),
    threadIds: () => s.pool.threadIds(),
    release() {
      if (released) return;
      released = true;
      s.pool.cancel(owner);
      if (--s.leases > 0) return;
      s.pool.setIdle(true);
      s.expiry = setTimeout(() => {
        if (s.leases > 0 || pools.get(key) !== s) return;
        pools.delete(key);
        void s.pool.close();
      }, parserPoolIdleMs);
      s.expiry.unref();
    },
  };
}

/** Stops every shared parser pool (shutdown, tests); a later lease starts new workers. */
export async function closeParserPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  for (const s of all) if (s.expiry) clearTimeout(s.expiry);
  await Promise.all(all.map((s) => s.pool.close()));
}
