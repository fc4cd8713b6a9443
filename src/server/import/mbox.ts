const from = Buffer.from('From ');

/** True when the bytes look like an mbox (the first line is a "From " envelope line). */
export function isMbox(buf: Uint8Array): boolean {
  return buf.byteLength >= 5 && Buffer.from(buf.buffer, buf.byteOffset, 5).equals(from);
}

/**
 * Splits an mbox (mboxrd, also reads mboxo) into messages: each starts at a line beginning with
 * "From ", which is dropped; ">From " quoting is undone; the blank separator line is removed.
 */
export function splitMbox(buf: Uint8Array): Buffer[] {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const starts: number[] = [];
  if (isMbox(b)) starts.push(0);
  for (let i = b.indexOf('\nFrom '); i >= 0; i = b.indexOf('\nFrom ', i + 1)) starts.push(i + 1);
  const out: Buffer[] = [];
  for (let k = 0; k < starts.length; k++) {
    const lineEnd = b.indexOf('\n', starts[k]);
    if (lineEnd < 0) continue;
    let end = k + 1 < starts.length ? starts[k + 1] : b.byteLength;
    // The line break before the next "From " belongs to the separator, not the message.
    if (k + 1 < starts.length) {
      if (end >= 2 && b[end - 1] === 0x0a && b[end - 2] === 0x0a) end -= 1;
      else if (end >= 3 && b[end - 1] === 0x0a && b[end - 2] === 0x0d && b[end - 3] === 0x0a) end -= 2;
    }
    out.push(unquoteFrom(b.subarray(lineEnd + 1, end)));
  }
  return out;
}

function unquoteFrom(msg: Buffer): Buffer {
  if (msg.indexOf('>From ') < 0) return msg;
  // latin1 maps bytes 1:1, so the round trip keeps every other byte as it was.
  return Buffer.from(msg.toString('latin1').replace(/^>(>*From )/gm, '$1'), 'latin1');
}
