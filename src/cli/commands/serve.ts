import type { Command } from 'commander';
import { passwordCostWarning } from '../../server/auth/scryptParameters';
import { loadConfig } from '../../server/config';
import type { PortalConfig } from '../../server/context';
import { runServer } from '../../server/runServer';

export interface ServeOptions {
  port?: string;
}

/** Shared by `serve` and `dev`: environment first, then command-line overrides. */
export async function serve(opts: ServeOptions, overrides: Partial<PortalConfig> = {}): Promise<void> {
  const env = { ...process.env, ...(opts.port ? { PORT: opts.port } : {}) };
  const config = { ...loadConfig(env), ...overrides };
  const warning = passwordCostWarning(env);
  if (warning) console.warn(`warning: ${warning}`);
  await runServer(config);
}

export function register(program: Command): void {
  program
    .command('serve')
    .description('migrate the database, load the demo data on first start, and serve the portal')
    .option('-p, --port <port>', 'port to listen on (default: PORT or 8080)')
    .addHelpText(
      'after',
      `
Environment:
  PORT          port to listen on (8080)
  HOST          interface to bind (0.0.0.0)
  DATA_DIR      data directory: embedded database, files, outbox (./data)
  DATABASE_URL  postgres://... to use a PostgreSQL server instead of the embedded database
  SMTP_URL      smtp://... to send mail; otherwise messages are written to DATA_DIR/outbox
  LOG_LEVEL     fatal | error | warn | info | debug | trace | silent (info)`,
    )
    .action((opts: ServeOptions) => serve(opts));
}
