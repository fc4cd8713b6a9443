import type { MailPolicyConfig } from './mail/mailPolicy';
import type { Db } from './db/Db';
import type { JobQueue } from './jobs/JobQueue';

/** Runtime configuration, read once from the environment (see README "Configuration"). */
export interface PortalConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** FORWARD_TO: the forward editor's default recipient (000 §9). */
  forwardTo?: string;
  /** Where the built client lives (vite build output). */
  clientDir: string;
  logLevel: string;
  /** DEMO_EMAILS: how many demo emails the first start imports (undefined = all, 0 = none). */
  demoEmails?: number;
  /** DEMO_PDFS: how many demo products get a PDF on the first start (undefined: the default). */
  demoPdfs?: number;
  /** IMPORT_DROP_DIR / IMPORT_INTERVAL_MS: a folder imported on a schedule. */
  importDropDir?: string;
  importIntervalMs: number;
  /** METADATA_DIR: the folder holding schemas/ and rules/ (default: the project root). */
  metadataDir?: string;
  /** JOB_MAINTENANCE_INTERVAL_S: seconds between job-queue maintenance passes (expiry of dead instances' jobs). */
  jobMaintenanceSeconds?: number;
  /**
   * PORTAL_TEST_PAUSE_AT (tests only): a named job step that, once it has stored part of its work,
   * waits forever, so a crash test's kill -9 lands inside it: `predictions.score`, `pdf.render` (after page 2),
   * `import.dropFolder` (after the first stored batch).
   */
  testPauseAt?: string;
  /**
   * PORTAL_TEST_LAZY_SANITIZER=1 (tests only): the forward sanitizer's jsdom loads on first use instead of
   * before listening (warmUp.ts); most of the suites' servers never sanitize.
   */
  testLazySanitizer?: boolean;
  /**
   * PORTAL_TRUST_PROXY: which proxies' X-Forwarded-For/-Proto to believe (req.ip, https): false,
   * true (any), a hop count, or comma-separated addresses/CIDRs. Default false.
   */
  trustProxy?: boolean | number | string[];
  /** PORTAL_PUBLIC_URL: the portal's address in links it mails (default: the first allowed origin). */
  publicUrl?: string;
  /** STAGED_UPLOAD_MAX_AGE_H: hours a new product's file uploaded before its first save waits for that save (default 24). */
  stagedUploadMaxAgeHours: number;
  /** STORAGE_URL: `s3://bucket/prefix` keeps files in S3-compatible object storage instead of DATA_DIR/files. */
  storageUrl?: string;
  /** PORTAL_METRICS_TOKEN: the bearer token GET /metrics asks for (unset: /metrics is off). */
  metricsToken?: string;
  /** MAIL_ALLOWED_DOMAINS, MAIL_MAX_RECIPIENTS, MAIL_SENDS_PER_HOUR (mail/mailPolicy.ts); defaults when absent. */
  mail?: MailPolicyConfig;
  /** `portal dev`: re-lint and reload the metadata when a file under schemas/ or rules/ changes. */
  watchMetadata?: boolean;
}

export interface ServerContext {
  config: PortalConfig;
  db: Db;
  /** Durable background jobs (runServer opens it; absent in tests that build the app alone). */
  jobs?: JobQueue;
}
