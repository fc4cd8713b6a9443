// A portal instance (what `portal serve` runs) plus one test-only job kind, `test.slow`, for the
// two-instance test: it records which process started and finished it in table test_job_runs
// (created by the test), taking `ms` milliseconds in between (under its 6 s expiry, after which
// maintenance on a live instance hands a job whose instance died to another).
import { loadConfig } from '../../../src/server/config';
import { runServer } from '../../../src/server/runServer';

const server = await runServer(loadConfig());
const { db, jobs } = server.ctx;
await jobs?.register<{ ms: number }>(
  'test.slow',
  async (p, job) => {
    await db.query('insert into test_job_runs (job_id, pid, event) values ($1, $2, $3)', [job.id, process.pid, 'started']);
    await new Promise((r) => setTimeout(r, p.ms));
    await db.query('insert into test_job_runs (job_id, pid, event) values ($1, $2, $3)', [job.id, process.pid, 'finished']);
    return { finishedBy: process.pid };
  },
  { expireInSeconds: 6, retryLimit: 3, pollingIntervalSeconds: 0.5 },
);
