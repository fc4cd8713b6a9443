import { createServer } from 'node:net';

/** Whether `port` (0: any) could be bound on 127.0.0.1 a moment ago; the port bound, or 0. */
function tryPort(port: number): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', () => resolve(0));
    srv.listen(port, '127.0.0.1', () => {
      const addr = srv.address();
      const bound = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * A TCP port that was free on 127.0.0.1 a moment ago. PORTAL_TEST_PORTS=6400-6499 keeps it in that
 * range (a machine shared by several checkouts gives each its own), starting at a random one.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.PORTAL_TEST_PORTS ?? '');
  if (!range) {
    const port = await tryPort(0);
    if (!port) throw new Error('no free port');
    return port;
  }
  const lo = Number(range[1]);
  const size = Number(range[2]) - lo + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = await tryPort(lo + ((start + i) % size));
    if (port) return port;
  }
  throw new Error(`no free port in ${process.env.PORTAL_TEST_PORTS}`);
}
