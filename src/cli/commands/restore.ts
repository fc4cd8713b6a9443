import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { restoreBackup } from '../../server/backup/restoreBackup';
import { loadConfig } from '../../server/config';
import { storageFor } from '../../server/storage/storageFor';

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export function register(program: Command): void {
  program
    .command('restore <file>')
    .description('restore a `portal backup` file into an empty DATA_DIR (with DATABASE_URL: an empty database) and check it against the backup')
    .action(async (file: string) => {
      const config = loadConfig(process.env);
      const path = resolve(file);
      const report = await restoreBackup(createReadStream(path), { dataDir: config.dataDir, databaseUrl: config.databaseUrl, storage: storageFor(config) }).catch((err: Error) => {
        throw new Error(`cannot restore ${path}: ${err.message}`);
      });
      console.log(
        `restored the backup of ${report.summary.createdAt} (${report.summary.database}): ${total(report.rowCounts)} rows in ${Object.keys(report.rowCounts).length} tables, ` +
          `${report.files} files (sha256 checked)${report.skippedFiles ? `, ${report.skippedFiles} files written after the snapshot left out` : ''}`,
      );
      console.log(`start the portal on it: DATA_DIR=${config.dataDir}${config.databaseUrl ? ' DATABASE_URL=...' : ''} npx portal serve`);
    });
}
