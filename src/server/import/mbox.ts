const from = Buffer.from('From ');

/** True when the bytes look like an mbox (the first line is a "From " envelope line). */
export function isMbox(buf: Uint8Array): boolean {
  return buf.byteLength >= 5 && Buffer.from(buf.buffer, buf.byteOffset, 5).equals(from);
}

/** One message of an mbox, or the size of one skipped for being over the cap. */
export type MboxItem = { raw: Buffer } | { tooLarge: number };

/** Reads up to buf.length bytes at a file position into buf; returns how many (0 at the end). */
export type ReadAt = (buf: Buffer, position: number) => number;

/**
 * Splits an mbox (mboxrd, also reads mboxo) into messages while reading it in chunks, so memory
 * holds one message and one chunk, never the whole file (issue 11). Each message starts at a line
 * beginning with "From ", which is dropped; ">From " quoting is undone; the blank separator line is
 * removed. A message over maxMessageBytes is skipped as it streams past and reported by its size.
 */
export function* streamMbox(read: ReadAt, opts: { chunkBytes?: number; maxMessageBytes?: number } = {}): Generator<MboxItem> {
  const chunkBytes = opts.chunkBytes ?? 1 << 20;
  const max = opts.maxMessageBytes ?? Number.MAX_SAFE_INTEGER;
  let carry = Buffer.alloc(0);
  let position = 0;
  let skipped = 0; // bytes of an oversized message already dropped
  let scanFrom = 0;
  let started = false;
  for (;;) {
    const chunk = Buffer.alloc(chunkBytes);
    const n = read(chunk, position);
    position += n;
    const done = n === 0;
    if (!done) carry = carry.byteLength ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
    if (!started) {
      if (carry.byteLength < 5 && !done) continue;
      if (!isMbox(carry)) return;
      started = true;
    }
    // Every complete message in what we hold: it ends where the next "\nFrom " begins.
    for (let i = carry.indexOf('\nFrom ', Math.max(1, scanFrom)); i >= 0; i = carry.indexOf('\nFrom ', Math.max(1, scanFrom))) {
      const item = finish(carry.subarray(0, i + 1), false, skipped, max);
      if (item) yield item;
      carry = carry.subarray(i + 1);
      skipped = 0;
      scanFrom = 0;
    }
    if (done) {
      const item = carry.byteLength || skipped ? finish(carry, true, skipped, max) : null;
      if (item) yield item;
      return;
    }
    // An oversized message: keep only the tail that could begin the next "\nFrom ".
    if (skipped + carry.byteLength > max + 4096) {
      skipped += carry.byteLength - 5;
      carry = Buffer.from(carry.subarray(carry.byteLength - 5));
    }
    scanFrom = Math.max(0, carry.byteLength - 5);
  }
}

function finish(segment: Buffer, last: boolean, skipped: number, max: number): MboxItem | null {
  if (skipped > 0) return { tooLarge: skipped + segment.byteLength };
  const lineEnd = segment.indexOf('\n');
  if (lineEnd < 0) return null;
  let end = segment.byteLength;
  // The line break before the next "From " belongs to the separator, not the message.
  if (!last) {
    if (end >= 2 && segment[end - 1] === 0x0a && segment[end - 2] === 0x0a) end -= 1;
    else if (end >= 3 && segment[end - 1] === 0x0a && segment[end - 2] === 0x0d && segment[end - 3] === 0x0a) end -= 2;
  }
  const msg = segment.subarray(lineEnd + 1, end);
  if (msg.byteLength > max) return { tooLarge: msg.byteLength };
  // A copy, so one message does not pin the chunk it was cut from.
  return { raw: Buffer.from(unquoteFrom(msg)) };
}

/** The messages of an mbox held in memory (see streamMbox). */
export function splitMbox(buf: Uint8Array, chunkBytes?: number): Buffer[] {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const read: ReadAt = (into, position) => b.copy(into, 0, position, Math.min(b.byteLength, position + into.byteLength));
  const out: Buffer[] = [];
  for (const item of streamMbox(read, { chunkBytes })) if ('raw' in item) out.push(item.raw);
  return out;
}

function unquoteFrom(msg: Buffer): Buffer {
  if (msg.indexOf('>From ') < 0) return msg;
  // latin1 maps bytes 1:1, so the round trip keeps every other byte as it was.
  return Buffer.from(msg.toString('latin1').replace(/^>(>*From )/gm, '$1'), 'latin1');
}
