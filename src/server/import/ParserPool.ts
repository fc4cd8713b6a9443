import { Worker } from 'node:worker_threads';
import type { ImportLimits } from './ImportLimits';
import { ImportFailure, importStatus, type ImportStatusCode } from './importStatus';
import type { ParsedRow } from './ParsedRow';
import { parseWorkerUrl } from './parseWorkerBundle';

type Reply =
  | { id: number; ok: true; msg: ParsedRow }
  | { id: number; ok: false; statusCode: ImportStatusCode; reason: string }
  | { ready: true };

interface Job {
  id: number;
  raw: Uint8Array;
  sha256: string;
  resolve: (m: ParsedRow) => void;
  reject: (e: ImportFailure) => void;
  /** Who asked (one import): its queued requests are dropped together by `cancel`. */
  owner?: object;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Posted to the worker, in the order it runs them. */
  inflight: Job[];
  /**
   * Shared with the worker, which writes it as it starts and ends each message (no message to the
   * main thread per start): [1] when the running message started (ms after `origin`), then [0] its
   * id, 0 when none runs.
   */
  started: Int32Array;
}

/** What a parser worker is started with. */
export interface ParseWorkerData {
  started: Int32Array;
  origin: number;
}

/** The message a slot's worker is running and when it started (epoch ms), if any. */
function current(slot: Slot, origin: number): { id: number; at: number } | undefined {
  const id = Atomics.load(slot.started, 0);
  // [1] is written before [0]: having read the id, the start time read next is that message's.
  return id === 0 ? undefined : { id, at: origin + Atomics.load(slot.started, 1) };
}

/** How a request that will not be parsed (its import released, the pool closed) fails. */
const importStopped = () => new ImportFailure(importStatus.storeFailed, 'import stopped');

/** Requests queued inside each worker, so it keeps parsing while the main thread writes a batch. */
const maxInflightPerWorker = 256;
const maxInflightBytesPerWorker = 64 * 1024 * 1024;
const watchdogMs = 50;

/**
 * Parses messages in worker threads, one at a time per worker, so a message that loops, nests or
 * allocates without end is cut off (time bound, heap bound) by killing its worker, never the caller.
 * The bound counts from when the worker starts the message, whatever queued before it.
 */
export class ParserPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly watchdog: NodeJS.Timeout;
  private readonly origin = Date.now();
  /** Idle workers do not keep the process alive (a pool kept warm between imports). */
  private idle = false;

  constructor(
    private readonly limits: ImportLimits,
    size: number,
  ) {
    for (let i = 0; i < Math.max(1, size); i++) this.slots.push(this.spawn());
    this.watchdog = setInterval(() => this.checkTimeouts(), Math.min(watchdogMs, limits.timeoutMs));
    this.watchdog.unref();
  }

  parse(raw: Uint8Array, sha256: string, owner?: object): Promise<ParsedRow> {
    if (this.closed) return Promise.reject(new Error('parser pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, raw, sha256, resolve, reject, owner });
      this.pump();
    });
  }

  /** The workers' thread ids (which workers serve the pool now). */
  threadIds(): number[] {
    return this.slots.map((s) => s.worker.threadId);
  }

  /** Rejects the owner's requests no worker has started; those already handed to a worker finish. */
  cancel(owner: object): void {
    const stopped = importStopped();
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].owner === owner) this.queue.splice(i, 1)[0].reject(stopped);
    }
  }

  /** While idle the workers are unreferenced: waiting for the next import must not hold the process open. */
  setIdle(idle: boolean): void {
    this.idle = idle;
    for (const slot of this.slots) this.applyIdle(slot.worker);
  }

  private applyIdle(worker: Worker) {
    if (this.idle) worker.unref();
    else worker.ref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    const stopped = importStopped();
    for (const job of this.queue.splice(0)) job.reject(stopped);
    for (const slot of this.slots) for (const job of slot.inflight.splice(0)) job.reject(stopped);
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const started = new Int32Array(new SharedArrayBuffer(8));
    const workerData: ParseWorkerData = { started, origin: this.origin };
    const worker = new Worker(parseWorkerUrl(), { workerData, resourceLimits: { maxOldGenerationSizeMb: this.limits.workerHeapMb } });
    this.applyIdle(worker);
    const slot: Slot = { worker, ready: false, inflight: [], started };
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) slot.ready = true;
      else {
        const i = slot.inflight.findIndex((j) => j.id === reply.id);
        if (i >= 0) {
          const [job] = slot.inflight.splice(i, 1);
          if (reply.ok) job.resolve(reply.msg);
          else job.reject(new ImportFailure(reply.statusCode, reply.reason));
        }
      }
      this.pump();
    });
    // A worker dies on a heap overflow or an internal error: fail the message it was on.
    worker.on('error', (err) => this.kill(slot, new ImportFailure(importStatus.unparseable, `parser failed: ${err.message}`.slice(0, 500))));
    worker.on('exit', (code) => this.kill(slot, new ImportFailure(importStatus.unparseable, `parser exited with code ${code}`)));
    return slot;
  }

  /** Fails the slot's running message, replaces the worker and requeues what it had not started. */
  private kill(slot: Slot, failure: ImportFailure) {
    const i = this.slots.indexOf(slot);
    if (i < 0 || this.closed) return;
    this.slots.splice(i, 1);
    void slot.worker.terminate();
    const runningId = current(slot, this.origin)?.id ?? slot.inflight[0]?.id;
    const running = slot.inflight.find((j) => j.id === runningId);
    this.queue.unshift(...slot.inflight.filter((j) => j !== running));
    slot.inflight = [];
    this.slots.push(this.spawn());
    running?.reject(failure);
    this.pump();
  }

  private checkTimeouts() {
    const now = Date.now();
    for (const slot of [...this.slots]) {
      const running = current(slot, this.origin);
      if (running && now - running.at > this.limits.timeoutMs) {
        this.kill(slot, new ImportFailure(importStatus.timeout, `parsing took longer than ${this.limits.timeoutMs} ms`));
      }
    }
  }

  private pump() {
    while (this.queue.length > 0) {
      const room = (s: Slot) =>
        s.inflight.length === 0 || (s.inflight.length < maxInflightPerWorker && s.inflight.reduce((n, j) => n + j.raw.byteLength, 0) < maxInflightBytesPerWorker);
      const slot = this.slots.filter((s) => s.ready && room(s)).sort((a, b) => a.inflight.length - b.inflight.length)[0];
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.inflight.push(job);
      slot.worker.postMessage({ id: job.id, raw: job.raw, sha256: job.sha256, limits: this.limits });
    }
  }
}
