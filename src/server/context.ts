import type { Db } from './db/Db';

/** Runtime configuration, read once from the environment (see README "Configuration"). */
export interface PortalConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** Where the built client lives (vite build output). */
  clientDir: string;
  logLevel: string;
}

export interface ServerContext {
  config: PortalConfig;
  db: Db;
}
