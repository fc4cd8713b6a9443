import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImpactOptions, MetadataChange, ProductAssessment } from '../../engine/diff';
import type { MetadataModel } from '../../engine/model/MetadataModel';
import type { Metadata } from '../../engine/types';
import { bundleParseWorker } from '../import/parseWorkerBundle';
import { projectRoot } from '../paths';

const here = dirname(fileURLToPath(import.meta.url));

/** What an impact worker is started with: impactCounter's arguments (options without the clock). */
export interface ImpactWorkerData {
  from: Metadata | MetadataModel;
  to: Metadata | MetadataModel;
  changes: MetadataChange[];
  options: Omit<ImpactOptions, 'clock'>;
}

/** A batch of whole documents as one JSON array text. */
export interface ImpactRequest {
  seq: number;
  docs: string;
}

interface Reply {
  seq: number;
  results: ProductAssessment[];
  /** The worker's heap in use after the batch, bytes. */
  heap: number;
}

let memo: URL | undefined;

/** The impact worker as an esbuild bundle (as the parser's: bundleParseWorker), else through tsx. */
function impactWorkerUrl(): URL {
  if (!memo) {
    try {
      memo = bundleParseWorker({ entry: join(here, 'impactWorker.ts'), cacheDir: join(projectRoot, 'node_modules', '.cache', 'content-portal', 'impact-worker') });
    } catch {
      memo = new URL('./impactWorkerBoot.mjs', import.meta.url);
    }
  }
  return memo;
}

/**
 * Worker threads that evaluate products under both versions of a metadata change, each compiling
 * the versions once, batches handed out in turn; each batch's answer comes back in its order. A
 * worker that fails fails every batch not answered, and the pool.
 */
export class ImpactPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (r: ProductAssessment[]) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private failure: Error | null = null;
  /** Each worker's largest heap in use seen after a batch, bytes. */
  readonly heapPeaks: number[];

  constructor(size: number, data: ImpactWorkerData) {
    const url = impactWorkerUrl();
    this.heapPeaks = Array.from({ length: Math.max(1, size) }, () => 0);
    for (let i = 0; i < this.heapPeaks.length; i++) {
      const worker = new Worker(url, { workerData: data });
      worker.on('message', (m: Reply) => {
        this.heapPeaks[i] = Math.max(this.heapPeaks[i], m.heap);
        const w = this.waiting.get(m.seq);
        this.waiting.delete(m.seq);
        w?.resolve(m.results);
      });
      worker.on('error', (e) => this.fail(e));
      worker.on('exit', (code) => this.fail(new Error(`impact worker exited with code ${code}`)));
      this.workers.push(worker);
    }
  }

  /** Batches handed to the workers and not answered yet. */
  get outstanding(): number {
    return this.waiting.size;
  }

  get size(): number {
    return this.workers.length;
  }

  /** The assessments of a batch of documents (a JSON array text), in its order. */
  assess(docs: string): Promise<ProductAssessment[]> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.seq++;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.workers[seq % this.workers.length].postMessage({ seq, docs } satisfies ImpactRequest);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('impact pool closed');
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const w of this.waiting.values()) w.reject(this.failure);
    this.waiting.clear();
  }
}
