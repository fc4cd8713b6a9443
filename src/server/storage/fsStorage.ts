import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageKeyError, StorageNotFoundError, type FileStorage } from './FileStorage';
import { validateKey } from './validateKey';

const isNotFound = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** Files under `root` (the portal uses DATA_DIR/files), one file per key. */
export function fsStorage(root: string): FileStorage {
  const base = resolve(root);

  const pathOf = (key: string): string => {
    const path = resolve(base, validateKey(key));
    // Defence in depth: the validated key must still land strictly inside the root.
    if (!path.startsWith(base + sep)) throw new StorageKeyError(key, 'resolves outside the storage root');
    return path;
  };

  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // Write beside the target and rename: a crash leaves the old file or the new one, never half.
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        if (data instanceof Readable) await pipeline(data, createWriteStream(tmp, { flush: true }));
        else await writeFile(tmp, data, { flush: true });
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw err;
      }
    },
    async getRange(key, start, length) {
      let file;
      try {
        file = await open(pathOf(key), 'r');
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw err;
      }
      try {
        const buf = Buffer.alloc(Math.max(0, length));
        const { bytesRead } = await file.read(buf, 0, buf.length, start);
        return buf.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },
    async stream(key) {
      const path = pathOf(key);
      try {
        if (!(await stat(path)).isFile()) throw new StorageNotFoundError(key);
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw err;
      }
      return createReadStream(path);
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(folder) {
      const dir = pathOf(folder);
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isNotFound(err)) return [];
        throw err;
      }
      const out = [];
      for (const e of entries) {
        if (!e.isFile()) continue;
        try {
          out.push({ key: `${folder}/${e.name}`, modifiedAt: (await stat(join(dir, e.name))).mtime });
        } catch (err) {
          if (!isNotFound(err)) throw err; // removed meanwhile
        }
      }
      return out;
    },
    async *walk(prefix) {
      for await (const f of filesUnder(base, prefix ? pathOf(prefix) : base)) if (!inProgress.test(f.key)) yield f;
    },
    async sweepPartial(before) {
      const removed: string[] = [];
      for await (const f of filesUnder(base, base)) {
        if (!inProgress.test(f.key) || f.modifiedAt.getTime() >= before.getTime()) continue;
        await rm(join(base, ...f.key.split('/')), { force: true });
        removed.push(f.key);
      }
      return removed;
    },
  };
}

/** Every regular file below `start`, as its key under `base` with its last write. */
async function* filesUnder(base: string, start: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
  const pending = [start];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isNotFound(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
      throw err;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) pending.push(path);
      else if (e.isFile()) {
        try {
          yield { key: relative(base, path).split(sep).join('/'), modifiedAt: (await stat(path)).mtime };
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
    }
  }
}

/** put()'s temporary file beside its target (`name.<12 hex>.tmp`). */
const inProgress = /\.[0-9a-f]{12}\.tmp$/;

/** The portal's storage folder inside the data directory. */
export function storageRoot(dataDir: string): string {
  return join(dataDir, 'files');
}
