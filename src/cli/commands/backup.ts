import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Command } from 'commander';
import { requestBackupFromServer } from '../../server/backup/controlSocket';
import { verifyBackupArchive } from '../../server/backup/verifyBackupArchive';
import { writeBackup } from '../../server/backup/writeBackup';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/openDb';
import { storageFor } from '../../server/storage/storageFor';

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export function register(program: Command): void {
  program
    .command('backup <file>')
    .description(
      'write a consistent backup of the database and the stored files to <file> (a gzipped tar), also while the server runs: ' +
        'the embedded database is dumped by the running server (or opened here when none runs), PostgreSQL by pg_dump; ' +
        'the file is read back and checked (each stored file against its sha256) before it is kept',
    )
    .action(async (file: string) => {
      const config = loadConfig(process.env);
      const path = resolve(file);
      const partial = `${path}.partial`;
      const out = createWriteStream(partial, { mode: 0o600 });
      const done = finished(out);
      done.catch(() => undefined);
      // The file cannot be written (no such folder, a full disk): the backup stops with the reason.
      // Waited for alone, a stream that failed never finishes and the command ended silently (exit 13).
      const writeFailed = new Promise<never>((_, reject) => out.once('error', reject));
      writeFailed.catch(() => undefined);
      const take = async (): Promise<string> => {
        if (!config.databaseUrl && (await requestBackupFromServer(config.dataDir, out)) === 'done') {
          out.end();
          return 'taken by the running server';
        }
        const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
        try {
          const summary = await writeBackup({ db, databaseUrl: config.databaseUrl, storage: storageFor(config) }, out as Writable);
          return `${total(summary.rowCounts)} rows in ${Object.keys(summary.rowCounts).length} tables, ${Object.keys(summary.files).length} files`;
        } finally {
          await db.close();
        }
      };
      try {
        const how = await Promise.race([take(), writeFailed]);
        await done;
        // Read back before it is called a backup: a cut or damaged file is found now, not at a restore.
        await verifyBackupArchive(createReadStream(partial)).catch((err: Error) => {
          throw new Error(`no backup written: the file read back is incomplete or damaged (${err.message}); take the backup again`);
        });
        await rename(partial, path);
        console.log(`backup written to ${path} (${how})`);
      } catch (err) {
        out.destroy();
        // A partial file left on a full disk keeps it full.
        await rm(partial, { force: true });
        if (out.errored) throw new Error(`no backup written: ${path} cannot be written (${out.errored.message})`);
        throw err;
      }
    });
}
