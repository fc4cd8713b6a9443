import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import { assertFilesMatch, backupEntry, backupFormat, type BackupManifest, type BackupSummary } from './BackupSummary';

/**
 * Reads a `writeBackup` archive to its end and checks it is whole: the manifest first, the database,
 * the summary last, every file the summary lists present with its sha256. Throws what is wrong.
 * `portal backup` runs it on the file it wrote before calling it a backup: a cut or damaged file found
 * on the day of a restore is found too late.
 */
export async function verifyBackupArchive(archive: Readable): Promise<BackupSummary> {
  let manifest: BackupManifest | undefined;
  let summary: BackupSummary | undefined;
  let database = false;
  const hashes = new Map<string, string>();
  const extract = tarExtract();
  extract.on('entry', (header, stream, next) => {
    const name = header.name;
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    const keep = name === backupEntry.manifest || name === backupEntry.summary;
    stream.on('data', (c: unknown) => {
      if (keep) chunks.push(c as Buffer);
      else hash.update(c as Buffer);
    });
    stream.once('error', next);
    stream.once('end', () => {
      try {
        if (!manifest && name !== backupEntry.manifest) throw new Error('not a portal backup (no manifest first)');
        if (summary) throw new Error(`an entry (${name}) follows the summary, which comes last`);
        if (name === backupEntry.manifest) manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        else if (name === backupEntry.summary) summary = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupSummary;
        else if (name === backupEntry.pgliteData || name === backupEntry.pgDump) database = true;
        else if (name.startsWith(backupEntry.filePrefix)) hashes.set(name.slice(backupEntry.filePrefix.length), hash.digest('hex'));
        next();
      } catch (err) {
        next(err as Error);
      }
    });
  });
  await pipeline(archive, createGunzip(), extract);
  if (!manifest || manifest.format !== backupFormat) throw new Error(`not a portal backup of format ${backupFormat}`);
  if (!database) throw new Error('the archive holds no database');
  if (!summary) throw new Error('the archive ends before its summary: it was cut short');
  assertFilesMatch(summary, hashes);
  return summary;
}
