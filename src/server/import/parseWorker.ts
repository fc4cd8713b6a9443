import { parentPort, workerData } from 'node:worker_threads';
import { ConcatBlob } from './ConcatBlob';
import type { ImportLimits } from './ImportLimits';
import { ImportFailure, importStatus } from './importStatus';
import { parseMessage } from './parseMessage';
import type { ParseWorkerData } from './ParserPool';
import { toParsedRow } from './toParsedRow';

/** A parse request from ParserPool. */
export interface ParseRequest {
  id: number;
  raw: Uint8Array;
  sha256: string;
  limits: ImportLimits;
}

const port = parentPort;
if (port) {
  // postal-mime joins body lines through Blob, which Node 20 makes most of the parse's cost; this
  // thread runs nothing but the parser, so the plain concatenation replaces it here only.
  globalThis.Blob = ConcatBlob as unknown as typeof Blob;
  // Requests queue up here so the worker never waits for a main thread busy with the database;
  // they run one at a time, and each records its start in shared memory so the pool can time it.
  const { started, origin } = workerData as ParseWorkerData;
  let chain: Promise<void> = Promise.resolve();
  const handle = async (req: ParseRequest) => {
    Atomics.store(started, 1, Date.now() - origin);
    Atomics.store(started, 0, req.id);
    try {
      const msg = toParsedRow(await parseMessage(req.raw, req.limits, req.sha256));
      Atomics.store(started, 0, 0);
      port.postMessage({ id: req.id, ok: true, msg }, [msg.bodyJson.buffer as ArrayBuffer, ...msg.attachments.map((a) => a.content.buffer as ArrayBuffer)]);
    } catch (err) {
      Atomics.store(started, 0, 0);
      const failure = err instanceof ImportFailure ? err : new ImportFailure(importStatus.unparseable, `unparseable message: ${(err as Error)?.message ?? String(err)}`);
      port.postMessage({ id: req.id, ok: false, statusCode: failure.statusCode, reason: failure.message });
    }
  };
  port.on('message', (req: ParseRequest) => {
    chain = chain.then(() => handle(req));
  });
  port.postMessage({ ready: true });
}
