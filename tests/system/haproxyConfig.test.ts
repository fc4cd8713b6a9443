import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxyConfig, startHaproxy } from '../../bench/startHaproxy';
import { freePort } from '../server/helpers/freePort';

/** Seconds in a `Keep-Alive: timeout=N` header. */
const announced = (header: string | string[] | undefined) => Number(/timeout=(\d+)/.exec(String(header))?.[1]);
/** HAProxy's idle time for a client connection between requests, in seconds. */
const keptIdleS = () => Number(/^\s*timeout http-keep-alive (\d+)s$/m.exec(readFileSync(haproxyConfig, 'utf8'))?.[1]);

// A client that keeps an idle connection longer than HAProxy does sends its next request on a
// connection HAProxy is closing: write EPIPE, and an upload is not resent (the failover run's
// errors at 17.8 s: docs/decisions/failover-behind-haproxy.md).
describe('bench/haproxy/portal.cfg keep-alive', () => {
  let instance: FastifyInstance;
  let haproxy: ChildProcess;
  let lb: string;
  const agent = new Agent();

  beforeAll(async () => {
    // npm test installs it before this suite starts (scripts/ensure-system-packages.sh); a missing one fails here, never skips.
    if (spawnSync('haproxy', ['-v']).status !== 0) throw new Error('haproxy is not installed: run scripts/ensure-system-packages.sh (npm test does)');
    // The portal's server is Fastify with its default keepAliveTimeout (72 s), which Node announces.
    instance = Fastify();
    instance.get('/api/health', async () => ({ ok: true }));
    await instance.listen({ port: 0, host: '127.0.0.1' });
    const port = (instance.server.address() as { port: number }).port;
    const lbPort = await freePort();
    lb = `http://127.0.0.1:${lbPort}`;
    haproxy = startHaproxy({ lb: lbPort, a: port, b: port });
    // Until HAProxy listens and has the instance in service.
    for (;;) {
      const status = await request(`${lb}/api/health`, { dispatcher: agent }).then(async (r) => (await r.body.dump(), r.statusCode), () => 0);
      if (status === 200) break;
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited with ${haproxy.exitCode}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await agent.close();
    await instance?.close();
  });

  it("tells a client a keep-alive timeout shorter than it keeps idle connections, in place of the instance's own", async () => {
    const direct = await request(`http://127.0.0.1:${(instance.server.address() as { port: number }).port}/api/health`);
    await direct.body.dump();
    // Passed on as it is, the instance's 72 s would outlast HAProxy's idle timeout.
    expect(announced(direct.headers['keep-alive'])).toBeGreaterThan(keptIdleS());

    const res = await request(`${lb}/api/health`, { dispatcher: agent });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
    const told = announced(res.headers['keep-alive']);
    expect(told).toBeGreaterThan(0);
    expect(keptIdleS()).toBeGreaterThan(told);
  });
});
