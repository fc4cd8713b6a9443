import type { Db } from '../db/Db';
import { scoreEmails } from './scoreEmails';

export interface PredictionScorer {
  /** Asks for a pass soon (after an import or a training). */
  poke(): void;
  stop(): Promise<void>;
}

/**
 * The server's background scorer: scores what the newest model versions have not scored, in slices
 * of 500 emails so requests keep being served, on start, every `intervalMs` and when poked.
 */
export function startPredictionScorer(db: Db, opts: { intervalMs?: number; onError?: (err: unknown) => void; onScored?: (n: Record<string, number>) => void } = {}): PredictionScorer {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = async () => {
    for (;;) {
      if (stopped) return;
      const n = await scoreEmails(db, { limit: 500 });
      opts.onScored?.(n);
      if (Object.values(n).every((c) => c === 0)) return;
      await new Promise((r) => setImmediate(r));
    }
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((err) => opts.onError?.(err))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, opts.intervalMs ?? 60_000);
  timer.unref();
  run();
  return {
    poke: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
