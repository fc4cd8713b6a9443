import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { impactCounter } from '../../engine/diff';
import type { ImpactRequest, ImpactWorkerData } from './ImpactPool';

// Both versions compiled once for this thread; each request is a batch of whole documents as one
// JSON array text, answered with their assessments in the same order and this thread's heap then.
const port = parentPort;
if (port) {
  const { from, to, changes, options } = workerData as ImpactWorkerData;
  const counter = impactCounter(from, to, changes, options);
  port.on('message', (req: ImpactRequest) => {
    const docs = JSON.parse(req.docs) as unknown[];
    const results = docs.map((doc) => counter.assess(doc));
    port.postMessage({ seq: req.seq, results, heap: getHeapStatistics().used_heap_size });
  });
}
