type Part = Uint8Array | ArrayBuffer | DataView | string | Blob;

const encoder = new TextEncoder();

function bytes(part: Part): Promise<Uint8Array> | Uint8Array {
  if (typeof part === 'string') return encoder.encode(part);
  if (part instanceof Uint8Array) return part;
  if (part instanceof ArrayBuffer) return new Uint8Array(part);
  if (ArrayBuffer.isView(part)) return new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
  return part.arrayBuffer().then((b) => new Uint8Array(b));
}

/**
 * The part of `Blob` postal-mime uses (`new Blob(chunks, { type })`, then `arrayBuffer()`), as a
 * plain concatenation. postal-mime's decoders join every line of a body part through a Blob, and
 * Node 20's Blob copies each chunk into native memory and reads it back through async callbacks:
 * on the SpamAssassin corpus that was 80-90% of postal-mime's CPU (9-11 s of 10-13 s). The parser
 * worker installs this as its global `Blob` (see parseWorker.ts); nothing else runs in that thread.
 * The bytes produced are the same as the native Blob's (strings as UTF-8, views as their bytes).
 */
export class ConcatBlob {
  readonly type: string;
  private readonly parts: Part[];

  constructor(parts: Iterable<Part> = [], options?: { type?: string }) {
    this.parts = [...parts];
    this.type = (options?.type ?? '').toLowerCase();
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const mapped = this.parts.map(bytes);
    // Blob parts are the only asynchronous ones; postal-mime passes bytes and strings.
    const chunks = mapped.some((c) => c instanceof Promise) ? await Promise.all(mapped) : (mapped as Uint8Array[]);
    let size = 0;
    for (const c of chunks) size += c.byteLength;
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out.buffer;
  }
}
