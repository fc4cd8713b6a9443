import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { requestBackupFromServer, startControlSocket, type ControlSocket } from '../../../src/server/backup/controlSocket';

// `portal backup` of the embedded database streams the archive from the running server over its
// control socket. The archive must arrive whole, also when the command writes it more slowly than
// the server makes it: a cut tail is a backup that restores to "unexpected end of file".

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The command's file: keeps each chunk, after a pause when given one (a slow disk: back-pressure reaches the server). */
const sink = (chunks: Buffer[], pauseMs = 0) =>
  new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      if (pauseMs) setTimeout(cb, pauseMs);
      else cb();
    },
  });

describe('the control socket streams a backup whole', () => {
  const dirs: string[] = [];
  const sockets: ControlSocket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) await s.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'portal-ctl-'));
    dirs.push(d);
    return d;
  };

  it('delivers every byte the backup wrote, also the last ones written while the command was still reading', async () => {
    const dir = dataDir();
    // As writeBackup's pipeline ends its output: a large piece the response cannot take at once
    // (the command has not read it yet), then the archive's tail, then the end. The tail waits in
    // the server's stream when the backup is done; the response must carry it before it ends.
    const head = randomBytes(1024 * 1024);
    const tail = randomBytes(1000);
    const socket = await startControlSocket(
      dir,
      async (out) => {
        out.write(head);
        out.end(tail);
        // Done when the output has taken everything (its 'finish'), as a pipeline into it is.
        await finished(out, { readable: false });
      },
      () => undefined,
    );
    expect(socket).not.toBeNull();
    sockets.push(socket!);
    const received: Buffer[] = [];
    const file = sink(received);
    await expect(requestBackupFromServer(dir, file)).resolves.toBe('done');
    // As `portal backup` does: the file is closed once the server says the backup is done.
    await finished(file.end());
    const got = Buffer.concat(received);
    expect(got.byteLength).toBe(head.byteLength + tail.byteLength);
    expect(sha(got)).toBe(sha(Buffer.concat([head, tail])));
  });

  it('delivers a gzipped archive whole to a command that writes more slowly than the server makes it', async () => {
    const dir = dataDir();
    const archive = randomBytes(2 * 1024 * 1024 + 123);
    const pieces = Array.from({ length: Math.ceil(archive.byteLength / 4096) }, (_, i) => archive.subarray(i * 4096, (i + 1) * 4096));
    const socket = await startControlSocket(dir, (out) => pipeline(Readable.from(pieces), createGzip(), out), () => undefined);
    sockets.push(socket!);
    for (const pauseMs of [1, 3]) {
      const received: Buffer[] = [];
      const file = sink(received, pauseMs);
      await expect(requestBackupFromServer(dir, file)).resolves.toBe('done');
      await finished(file.end());
      expect(sha(gunzipSync(Buffer.concat(received)))).toBe(sha(archive));
    }
  });

  it("reports the server's failure instead of a finished backup", async () => {
    const dir = dataDir();
    const socket = await startControlSocket(
      dir,
      async (out) => {
        out.write(randomBytes(64 * 1024));
        throw new Error('disk full while reading the storage');
      },
      () => undefined,
    );
    sockets.push(socket!);
    await expect(requestBackupFromServer(dir, sink([]))).rejects.toThrow("the server's backup failed: error: disk full while reading the storage");
  });

  it('stops the backup when the command goes away (its file cannot be written)', async () => {
    const dir = dataDir();
    let stopped: (err: unknown) => void = () => undefined;
    const backupStopped = new Promise<unknown>((resolve) => (stopped = resolve));
    async function* endless() {
      for (;;) yield randomBytes(64 * 1024);
    }
    const socket = await startControlSocket(
      dir,
      (out) =>
        pipeline(Readable.from(endless()), out).catch((err: unknown) => {
          stopped(err);
          throw err;
        }),
      () => undefined,
    );
    sockets.push(socket!);
    const fullDisk = new Writable({ write: (_chunk, _enc, cb) => cb(new Error('ENOSPC: no space left on device')) });
    await expect(requestBackupFromServer(dir, fullDisk)).rejects.toThrow('ENOSPC');
    // Before, the server's backup waited forever on a stream nobody read.
    await expect(backupStopped).resolves.toBeInstanceOf(Error);
  });

  it('says no server runs on a data directory without a socket', async () => {
    await expect(requestBackupFromServer(dataDir(), sink([]))).resolves.toBe('no-server');
  });
});
