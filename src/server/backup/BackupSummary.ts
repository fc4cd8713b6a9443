import type { DbKind } from '../db/Db';

/** Archive entries (a gzipped tar): the manifest first, the summary last. */
export const backupEntry = {
  manifest: 'portal-backup.json',
  summary: 'portal-backup-summary.json',
  /** PGlite's data directory as `dumpDataDir()` gives it (a gzipped tar). */
  pgliteData: 'database/pgdata.tar.gz',
  /** `pg_dump --format=custom` of the PostgreSQL database. */
  pgDump: 'database/portal.pgdump',
  /** Each stored file under its storage key. */
  filePrefix: 'files/',
} as const;

export const backupFormat = 1;

export interface BackupManifest {
  format: typeof backupFormat;
  database: DbKind;
  createdAt: string;
}

export interface BackupSummary extends BackupManifest {
  /** Rows per table (`schema.table`) in the database snapshot. */
  rowCounts: Record<string, number>;
  /** sha256 (hex) of every stored file, by storage key. */
  files: Record<string, string>;
  /** Bytes of stored files. */
  fileBytes: number;
}

/**
 * Throws for the first file the summary lists that the archive lacks or holds with other bytes
 * (`got`: sha256 of each file entry read, by storage key). Restore and the backup's read-back both check this.
 */
export function assertFilesMatch(summary: Pick<BackupSummary, 'files'>, got: ReadonlyMap<string, string>): void {
  for (const [key, sha] of Object.entries(summary.files)) {
    const seen = got.get(key);
    if (seen !== sha) throw new Error(`file ${key} ${seen ? 'differs from the summary' : 'is missing'} (sha256 ${seen ?? 'none'}, expected ${sha})`);
  }
}
