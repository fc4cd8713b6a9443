import { join, resolve } from 'node:path';
import { scryptParameters } from './auth/scryptParameters';
import type { PortalConfig } from './context';
import { loadMailPolicy } from './mail/mailPolicy';
import { metadataDir } from './metadataDir';
import { projectRoot } from './paths';
import { parseS3Url } from './storage/s3Storage';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the portal's configuration from environment variables (documented in the README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const port = env.PORT ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!logLevels.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  scryptParameters(env); // a bad PORTAL_PASSWORD_COST stops the start, not the first sign-in
  return {
    port,
    host: env.HOST || '0.0.0.0',
    // Relative DATA_DIR is relative to where the command runs (README: "./data").
    dataDir: resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    forwardTo: env.FORWARD_TO || undefined,
    clientDir: join(projectRoot, 'dist'),
    logLevel,
    demoEmails: env.DEMO_EMAILS === undefined || env.DEMO_EMAILS === 'all' ? undefined : nonNegative('DEMO_EMAILS', env.DEMO_EMAILS),
    demoPdfs: env.DEMO_PDFS === undefined || env.DEMO_PDFS === '' ? undefined : nonNegative('DEMO_PDFS', env.DEMO_PDFS),
    importDropDir: env.IMPORT_DROP_DIR ? resolve(env.IMPORT_DROP_DIR) : undefined,
    importIntervalMs: env.IMPORT_INTERVAL_MS ? nonNegative('IMPORT_INTERVAL_MS', env.IMPORT_INTERVAL_MS) : 60_000,
    metadataDir: metadataDir(env),
    jobMaintenanceSeconds: env.JOB_MAINTENANCE_INTERVAL_S ? Math.max(1, nonNegative('JOB_MAINTENANCE_INTERVAL_S', env.JOB_MAINTENANCE_INTERVAL_S)) : undefined,
    testPauseAt: env.PORTAL_TEST_PAUSE_AT || undefined,
    testLazySanitizer: env.PORTAL_TEST_LAZY_SANITIZER === '1',
    trustProxy: trustProxy(env.PORTAL_TRUST_PROXY),
    stagedUploadMaxAgeHours: env.STAGED_UPLOAD_MAX_AGE_H ? positive('STAGED_UPLOAD_MAX_AGE_H', env.STAGED_UPLOAD_MAX_AGE_H) : 24,
    mail: loadMailPolicy(env),
    publicUrl: env.PORTAL_PUBLIC_URL ? env.PORTAL_PUBLIC_URL.trim().replace(/\/+$/, '') : undefined,
    metricsToken: metricsToken(env.PORTAL_METRICS_TOKEN),
    storageUrl: env.STORAGE_URL ? (parseS3Url(env.STORAGE_URL.trim()), env.STORAGE_URL.trim()) : undefined,
  };
}

/** PORTAL_METRICS_TOKEN: unset turns /metrics off; a short one is refused (it guards the only way in). */
function metricsToken(value: string | undefined): string | undefined {
  const v = (value ?? '').trim();
  if (!v) return undefined;
  if (v.length < 16) throw new Error('PORTAL_METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 24`)');
  return v;
}

/** PORTAL_TRUST_PROXY: unset/false, true, a hop count, or comma-separated proxy addresses/CIDRs. */
function trustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number > 0, got "${value}"`);
  return n;
}

function nonNegative(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number >= 0, got "${value}"`);
  return n;
}
