import { startLoopbackS3 } from './loopbackS3';

// `node --import tsx tests/server/helpers/loopbackS3Main.ts`: the loopback S3 server in a process of
// its own (startLoopbackS3Process); prints one JSON line with its address, stops on SIGTERM.
const s3 = await startLoopbackS3();
process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket, env: s3.env })}\n`);
process.once('SIGTERM', () => void s3.close().finally(() => process.exit(0)));
