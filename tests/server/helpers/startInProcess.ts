import { loadConfig } from '../../../src/server/config';
import { runServer } from '../../../src/server/runServer';
import type { StartedServer } from './startServer';
import { testStorageEnv } from './testStorage';

/**
 * What `portal serve` runs (runServer), in this process, on a data directory (and DATABASE_URL) of
 * the caller's, on a free port: for a test whose point is what a start finds, not the process. A
 * spawned start loads the server's modules and PGlite's WASM again (~5 CPU-s); the worker has them.
 * Its /metrics are the process's registry, which other files in the worker also count in.
 */
export async function startInProcess(dataDir: string, env: Record<string, string | undefined> = {}): Promise<StartedServer> {
  const lines: string[] = [];
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_EMAILS: '0', DEMO_PDFS: '0', PORTAL_TEST_LAZY_SANITIZER: process.env.PORTAL_TEST_LAZY_SANITIZER, ...testStorageEnv(dataDir), ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
  const server = await runServer(config, (line) => void lines.push(line));
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    output: () => lines.join('\n'),
    stop: async () => {
      await server.stop();
      return { code: 0, signal: null };
    },
    kill: () => Promise.reject(new Error('an in-process server cannot be killed: startServer spawns one that can')),
  };
}
