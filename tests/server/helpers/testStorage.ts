import { basename } from 'node:path';
import type { FileStorage } from '../../../src/server/storage/FileStorage';
import { storageFor } from '../../../src/server/storage/storageFor';

/**
 * Set by the server suite's global set-up (migratedTemplate.ts) when TEST_STORAGE=s3: `s3://<bucket>`
 * on the loopback S3 server it started (its endpoint and keys are in the environment too).
 */
export const testStorageBaseEnv = 'PORTAL_TEST_STORAGE_BASE';

/**
 * The STORAGE_URL of a data directory when the suite runs on object storage, else undefined: a
 * prefix per DATA_DIR, so each portal's orphan sweep sees only its own database's files, and
 * instances sharing a DATA_DIR (or restarting on it) share its files.
 */
export function testStorageUrl(dataDir: string): string | undefined {
  const base = process.env[testStorageBaseEnv];
  return base ? `${base}/${basename(dataDir)}` : undefined;
}

/** The environment a portal child process on this DATA_DIR gets for its storage (empty on disk). */
export const testStorageEnv = (dataDir: string): Record<string, string> => {
  const url = testStorageUrl(dataDir);
  return url ? { STORAGE_URL: url } : {};
};

/** The file storage a portal on this DATA_DIR uses in this suite: the loopback bucket's prefix or DATA_DIR/files. */
export const testStorage = (dataDir: string): FileStorage => storageFor({ dataDir, storageUrl: testStorageUrl(dataDir) });
