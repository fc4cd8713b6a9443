import { closeSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportLimits } from './ImportLimits';
import type { ImportSource } from './ImportSource';
import { importStatus } from './importStatus';
import { isMbox, streamMbox, type MboxItem } from './mbox';

/** Files under a directory, recursively, in name order; hidden files and folders are skipped. */
export function listFiles(dir: string, skip: (name: string) => boolean = () => false): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || skip(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path, skip));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

function startsWithFrom(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(5);
    return readSync(fd, head, 0, 5, 0) === 5 && isMbox(head);
  } finally {
    closeSync(fd);
  }
}

/**
 * The messages in one file: an mbox gives one source per message (labelled `file#n` when it holds
 * several), anything else is one message. A single message over the size cap is not read at all.
 */
export function* readFileSources(path: string, limits: ImportLimits): Generator<ImportSource> {
  let size: number;
  try {
    size = statSync(path).size;
    if (size > limits.maxMessageBytes && !startsWithFrom(path)) {
      yield { file: path, unreadable: { statusCode: importStatus.tooLarge, reason: `message is ${size} bytes, over the ${limits.maxMessageBytes}-byte limit`, size } };
      return;
    }
  } catch (err) {
    yield { file: path, unreadable: { statusCode: importStatus.unparseable, reason: `cannot read file: ${(err as Error).message}`, size: 0 } };
    return;
  }
  let mbox: boolean;
  try {
    mbox = startsWithFrom(path);
  } catch (err) {
    yield { file: path, unreadable: { statusCode: importStatus.unparseable, reason: `cannot read file: ${(err as Error).message}`, size } };
    return;
  }
  if (!mbox) {
    let buf: Buffer;
    try {
      buf = readFileSync(path);
    } catch (err) {
      yield { file: path, unreadable: { statusCode: importStatus.unparseable, reason: `cannot read file: ${(err as Error).message}`, size } };
      return;
    }
    yield { file: path, raw: buf };
    return;
  }
  // An mbox is streamed and split chunk by chunk: memory holds one message, never the whole file.
  const fd = openSync(path, 'r');
  try {
    let n = 0;
    let pending: MboxItem | null = null;
    const source = (item: MboxItem, label: string): ImportSource =>
      'raw' in item
        ? { file: label, raw: item.raw }
        : { file: label, unreadable: { statusCode: importStatus.tooLarge, reason: `message is ${item.tooLarge} bytes, over the ${limits.maxMessageBytes}-byte limit`, size: item.tooLarge } };
    // The first message is labelled `file#1` only once a second one shows the file holds several.
    for (const item of streamMbox((buf, position) => readSync(fd, buf, 0, buf.length, position), { maxMessageBytes: limits.maxMessageBytes })) {
      n++;
      if (n === 1) {
        pending = item;
        continue;
      }
      if (pending) {
        yield source(pending, `${path}#1`);
        pending = null;
      }
      yield source(item, `${path}#${n}`);
    }
    if (pending) yield source(pending, path);
  } finally {
    closeSync(fd);
  }
}

/** Every message under the given files, directories (recursive) and mbox files, in order. */
export function* readSources(paths: string[], limits: ImportLimits): Generator<ImportSource> {
  for (const p of paths) {
    let isDir = false;
    try {
      isDir = statSync(p).isDirectory();
    } catch (err) {
      yield { file: p, unreadable: { statusCode: importStatus.unparseable, reason: `cannot read file: ${(err as Error).message}`, size: 0 } };
      continue;
    }
    for (const file of isDir ? listFiles(p) : [p]) yield* readFileSources(file, limits);
  }
}
