import { existsSync, unlinkSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';

/**
 * The embedded database lives inside the server process, so a command that needs a consistent copy
 * of it (`portal backup`) asks the running server over a Unix socket in DATA_DIR. The data
 * directory is 0700: only its owner reaches the socket, which is all the authentication it needs.
 */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

/** The status trailer: `ok`, or `error: <message>` when the backup failed part-way. */
const statusTrailer = 'x-backup-status';

/**
 * Whether a server answers on `dataDir`'s control socket, i.e. a running portal holds that data
 * directory's embedded database (a socket file a killed process left answers nothing).
 */
export const serverHoldsDataDir = (dataDir: string): Promise<boolean> => {
  const path = controlSocketPath(dataDir);
  return existsSync(path) ? alive(path) : Promise.resolve(false);
};

const alive = (path: string) =>
  new Promise<boolean>((resolve) => {
    const s = connect(path);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

export interface ControlSocket {
  close(): Promise<void>;
}

/** Serves POST /backup on DATA_DIR/control.sock; null (with a warning) when it cannot. */
export async function startControlSocket(dataDir: string, backup: (out: Writable) => Promise<unknown>, warn: (msg: string) => void): Promise<ControlSocket | null> {
  const path = controlSocketPath(dataDir);
  // sun_path holds 107 bytes on Linux.
  if (Buffer.byteLength(path) > 100) {
    warn(`control socket not started: ${path} is too long for a Unix socket; \`portal backup\` needs the server stopped on this DATA_DIR`);
    return null;
  }
  if (existsSync(path)) {
    if (await alive(path)) {
      warn(`control socket not started: another server answers on ${path} (two servers on one embedded database corrupt it)`);
      return null;
    }
    unlinkSync(path); // left by a process that was killed
  }
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/gzip', trailer: statusTrailer });
    const body = new PassThrough();
    body.pipe(res, { end: false });
    const finish = (status: string) => {
      body.unpipe(res);
      res.addTrailers({ [statusTrailer]: status });
      res.end();
    };
    // A command that went away (Ctrl-C, a full disk) stops the backup instead of leaving it waiting
    // on a stream nobody reads.
    res.once('close', () => {
      if (!res.writableFinished) body.destroy(new Error('the backup command went away'));
    });
    backup(body).then(
      // The backup is done once `body` is finished, which is before the response has taken all of
      // it: while the command reads slowly, the archive's last pieces wait in `body`. Ending the
      // response then cut them off, and the command wrote a truncated archive it called done.
      () => (body.readableEnded ? finish('ok') : body.once('end', () => finish('ok'))),
      (err: Error) => finish(`error: ${err.message}`.replace(/[\r\n]+/g, ' ')),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Streams a backup from the server running on `dataDir` into `out`; 'no-server' when none answers
 * (the caller then opens the database itself). Rejects when the server reports a failure.
 */
export function requestBackupFromServer(dataDir: string, out: Writable): Promise<'done' | 'no-server'> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve('no-server');
  return new Promise((resolve, reject) => {
    // agent: false: a connection of its own. Node's global agent keeps sockets alive (Node 19+); one
    // kept from an earlier backup, to a server since restarted, failed the next request with EPIPE.
    const req = request({ socketPath: path, method: 'POST', path: '/backup', agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`the server refused the backup (HTTP ${res.statusCode})`));
        return;
      }
      res.pipe(out, { end: false });
      res.once('error', reject);
      res.once('end', () => {
        const status = res.trailers[statusTrailer];
        if (status === 'ok') resolve('done');
        else reject(new Error(`the server's backup failed: ${status ?? 'the connection ended early'}`));
      });
    });
    req.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? resolve('no-server') : reject(err)));
    // The file cannot be written (no such folder, a full disk): stop the transfer and say why, instead
    // of waiting for a stream that has stopped taking data.
    out.once('error', (err) => {
      reject(err);
      req.destroy();
    });
    req.end();
  });
}
