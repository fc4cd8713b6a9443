import { closeSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportLimits } from './ImportLimits';
import type { ImportSource } from './ImportSource';
import { importStatus } from './importStatus';
import { isMbox, splitMbox } from './mbox';

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
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (err) {
    yield { file: path, unreadable: { statusCode: importStatus.unparseable, reason: `cannot read file: ${(err as Error).message}`, size } };
    return;
  }
  if (!isMbox(buf)) {
    yield { file: path, raw: buf };
    return;
  }
  const messages = splitMbox(buf);
  if (messages.length === 1) yield { file: path, raw: messages[0] };
  else for (let i = 0; i < messages.length; i++) yield { file: `${path}#${i + 1}`, raw: messages[i] };
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
