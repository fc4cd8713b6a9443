import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LoopbackS3 {
  /** http://127.0.0.1:<port> (AWS_ENDPOINT_URL_S3). */
  endpoint: string;
  bucket: string;
  /** What a portal process needs in its environment to reach it (STORAGE_URL aside). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on 127.0.0.1 on a random port, with one empty bucket, its objects in a temporary folder. */
export async function startLoopbackS3(bucket = 'portal-test'): Promise<LoopbackS3> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    // s3rver accepts the credentials it was made with: S3RVER / S3RVER.
    env: { AWS_ENDPOINT_URL_S3: endpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
