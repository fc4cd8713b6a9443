import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A pass-through that counts the bytes, hashes them (sha256) and keeps the first `headBytes` (for sniffing). */
export class MeterStream extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');
  private readonly headParts: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly headBytes = 65_536) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < this.headBytes) {
      const part = chunk.subarray(0, this.headBytes - this.headLength);
      this.headParts.push(Buffer.from(part));
      this.headLength += part.length;
    }
    done(null, chunk);
  }

  /** The first bytes seen (at most headBytes). */
  head(): Buffer {
    return Buffer.concat(this.headParts);
  }

  /** Hex sha256 of every byte seen; call once, after the end. */
  sha256(): string {
    return this.hash.digest('hex');
  }
}
