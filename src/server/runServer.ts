import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { PortalConfig, ServerContext } from './context';
import { openDb } from './db/openDb';
import { openMetadataStore, openMetadataStoreWithoutProblems } from './metadata/metadataStore';
import { shareMetadataReloads } from './metadata/shareMetadataReloads';
import { formatProblem, watchMetadata, type MetadataWatcher } from './metadata/watchMetadata';
import { preparePortal } from './preparePortal';
import { bannerProviders } from './startupBanner';
import type { JobQueue } from './jobs/JobQueue';
import { openJobQueue } from './jobs/openJobQueue';
import { portalJob, registerPortalJobs, startDropFolderTicker } from './jobs/portalJobs';
import { startControlSocket } from './backup/controlSocket';
import { writeBackup } from './backup/writeBackup';
import { startOrphanSweep } from './storage/startOrphanSweep';
import { storageFor } from './storage/storageFor';
import { warmUp } from './warmUp';
import { warmConnections } from './warmConnections';
import { warmRoutes, type WarmedRoutes } from './warmRoutes';
import { closeParserPools } from './import/leaseParserPool';
import { registerPredictionJobs, scoreJob, startScoringTicker } from './predictions/predictionJobs';

export interface RunningServer {
  app: FastifyInstance;
  ctx: ServerContext;
  /** The requests the warm-up ran in process before the server listened, with their answers' status. */
  warmed: WarmedRoutes;
  /** Closes the HTTP server (draining requests) and then the database. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * What `portal serve` does: open and migrate the database, load the demo data on first start,
 * listen, print the URL and how to sign in, and shut down cleanly on SIGINT/SIGTERM.
 */
export async function runServer(config: PortalConfig, print: (line: string) => void = (l) => console.log(l)): Promise<RunningServer> {
  const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const ctx: ServerContext = { config, db };
  let app: FastifyInstance;
  let watcher: MetadataWatcher | undefined;
  let jobs: JobQueue | undefined;
  let unshare: (() => Promise<void>) | undefined;
  let onHangup: (() => void) | undefined;
  let sweeper: { stop(): void } | undefined;
  let unwarm: (() => void) | undefined;
  let warmed: WarmedRoutes = { skipped: 'not run' };
  try {
    // Before the routes: they read the metadata through this store.
    // `serve` has no last good metadata to fall back on and no banner to show problems in: a file
    // that does not parse was left out, so it served (and saved products under) the rest, e.g. no
    // visibility rules at all. `dev` starts and reports them (the analyst is fixing the files).
    const metadata = config.watchMetadata
      ? openMetadataStore(config.metadataDir)
      : openMetadataStoreWithoutProblems(
          config.metadataDir,
          (problems) =>
            new Error(
              `the metadata in ${config.metadataDir} has ${problems.length} problem(s), so the portal does not start on it ` +
                '(`npx portal rules lint` lists them; `portal dev` starts and reports them while you fix the files):\n' +
                problems.map((p) => `  ${formatProblem(p)}`).join('\n'),
            ),
        );
    if (config.watchMetadata) watcher = watchMetadata(metadata, { print });
    await preparePortal(db, print, { dataDir: config.dataDir, storage: storageFor(config), demoEmails: config.demoEmails, demoPdfs: config.demoPdfs });
    // Several instances on one database: a reload here (watcher, SIGHUP) reloads them all.
    unshare = await shareMetadataReloads(db, metadata, print);
    onHangup = () => {
      const r = metadata.reload();
      print(r.changed ? `metadata: reloaded version ${r.version.slice(0, 12)} (SIGHUP)` : r.ok ? 'metadata: unchanged (SIGHUP)' : `metadata: not reloaded: ${r.problems.map(formatProblem).join('; ')}`);
    };
    process.on('SIGHUP', onHangup);
    // Before any job runs: files a killed process wrote without committing their rows.
    sweeper = await startOrphanSweep(
      db,
      storageFor(config),
      (r) => print(`storage: removed ${r.deleted.length} file(s) no row names${r.partial.length ? ` and ${r.partial.length} unfinished write(s)` : ''}${r.missing.length ? `; ${r.missing.length} row(s) name a missing file, e.g. ${r.missing[0]}` : ''}`),
      (err) => print(`storage: orphan sweep failed: ${(err as Error).message}`),
    );
    // Errors are logged through the app's logger once it exists.
    let logError = (err: unknown) => print(`job queue: ${(err as Error).message}`);
    jobs = await openJobQueue(db, { maintenanceIntervalSeconds: config.jobMaintenanceSeconds, databaseUrl: config.databaseUrl, onError: (err) => logError(err) });
    ctx.jobs = jobs;
    await registerPortalJobs(jobs, { db, attachmentStore: storageFor(config), pauseDropFolderAfterFirstBatch: config.testPauseAt === portalJob.dropFolder });
    await registerPredictionJobs(jobs, db, { pauseAfterFirstBatch: config.testPauseAt === scoreJob });
    app = await buildApp(ctx);
    const log = app.log;
    logError = (err) => log.error({ err }, 'job queue error');
    unwarm = warmUp(metadata, config);
    // Before listening, so /api/health answers only once the pool is open and warm.
    await warmConnections(db);
    // Instances behind a load balancer run on PostgreSQL only; the embedded database's one instance
    // (and the test suites' many starts) would pay the warm-up for no first burst of users.
    if (db.kind === 'postgres') {
      // Ready first (listen would make it so): the time logged is the warm-up's alone.
      await app.ready();
      const warmStart = performance.now();
      warmed = await warmRoutes(app, db, storageFor(config));
      log.debug({ warmed, ms: Math.round(performance.now() - warmStart) }, 'warm-up: hot requests run in process');
    } else warmed = { skipped: 'embedded database: one instance' };
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    watcher?.close();
    unwarm?.();
    sweeper?.stop();
    if (onHangup) process.off('SIGHUP', onHangup);
    await unshare?.().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }

  // `portal backup` on the embedded database asks this process, which holds it.
  const control =
    db.kind === 'pglite'
      ? await startControlSocket(config.dataDir, (out) => writeBackup({ db, storage: storageFor(config) }, out), (msg) => app.log.warn(msg)).catch((err: unknown) => {
          app.log.warn({ err }, 'control socket not started: `portal backup` needs the server stopped');
          return null;
        })
      : null;

  const queue = jobs as JobQueue;
  const ticker = config.importDropDir
    ? startDropFolderTicker(queue, config.importDropDir, config.importIntervalMs, (err) => app.log.error({ err }, 'drop folder scan could not be queued'))
    : undefined;

  // Emails the newest model versions have not scored yet (the demo inbox on first start, older
  // imports, a model trained by the CLI): a queued scoring job now and every minute.
  const scorer = startScoringTicker(queue, 60_000, (err) => app.log.error({ err }, 'prediction scoring could not be queued'));

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      try {
        // A server stopped by its caller (one run in a test's process) leaves no exit on the process's signals.
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
        watcher?.close();
        unwarm?.();
        if (onHangup) process.off('SIGHUP', onHangup);
        await unshare?.();
        await control?.close();
        sweeper?.stop();
        ticker?.stop();
        scorer.stop();
        await queue.stop();
        await closeParserPools();
        await app.close();
      } finally {
        await db.close();
      }
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  print('');
  print(`Content Portal is running at http://localhost:${port}`);
  print(`Database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
  const lines = (await Promise.all(bannerProviders.map((p) => p(ctx)))).flat();
  for (const line of lines.length ? lines : ['Sign in as admin (see below)']) print(line);
  print('');
  return { app, ctx, warmed, stop };
}
