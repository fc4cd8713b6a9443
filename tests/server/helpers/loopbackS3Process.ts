import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../../src/server/paths';
import type { LoopbackS3 } from './loopbackS3';

/**
 * startLoopbackS3 in a child process: s3rver's request handling then takes none of the caller's
 * event loop (the failover bench's load generator runs 200 users beside it).
 */
export async function startLoopbackS3Process(): Promise<LoopbackS3 & { pid: number | undefined }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'tests/server/helpers/loopbackS3Main.ts')], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        child.stdout.off('data', onData);
        resolve(out.slice(0, nl));
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the loopback S3 process ended (${code}) before it listened: ${err}`)));
  });
  const s3 = JSON.parse(first) as Omit<LoopbackS3, 'close'>;
  return {
    ...s3,
    pid: child.pid,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
