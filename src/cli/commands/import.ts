import type { Command } from 'commander';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { openDb } from '../../server/db/openDb';
import { importDemoCorpus } from '../../server/import/importDemoCorpus';
import { importPaths } from '../../server/import/importPaths';
import type { ImportSummary } from '../../server/import/ImportSummary';
import { storageFor } from '../../server/storage/storageFor';

interface ImportCliOptions {
  json?: boolean;
  demo?: boolean;
  dataDir?: string;
  maxSize?: string;
  timeout?: string;
}

function printSummary(s: ImportSummary, json: boolean): void {
  if (json) {
    console.log(JSON.stringify({ job: s.job, imported: s.imported, duplicates: s.duplicates, failed: s.failed, failures: s.failures }));
    return;
  }
  console.log(`import job ${s.job}: ${s.imported} imported, ${s.duplicates} duplicates, ${s.failed} failed`);
  for (const f of s.failures) console.log(`  failed ${f.file}: ${f.reason} (status code ${f.status_code})`);
}

export function register(program: Command): void {
  program
    .command('import')
    .description('import emails from .eml files, directories (recursive) and mbox files, or the demo corpus with --demo')
    .argument('[paths...]', 'files, directories or mbox files')
    .option('--json', 'print the summary as JSON: {"job","imported","duplicates","failed","failures":[{"file","reason","status_code"}]}')
    .option('--demo', 'import the SpamAssassin public corpus as the demo inbox')
    .option('--data-dir <dir>', 'data directory (default: DATA_DIR or ./data)')
    .option('--max-size <bytes>', 'largest message accepted, in bytes (default 25 MB)')
    .option('--timeout <ms>', 'time allowed to parse one message (default 5000)')
    .action(async (paths: string[], opts: ImportCliOptions) => {
      if (!opts.demo && paths.length === 0) program.error('import: give files, directories or mbox files to import, or --demo');
      const config = loadConfig(opts.dataDir ? { ...process.env, DATA_DIR: opts.dataDir } : process.env);
      const limits = {
        ...(opts.maxSize ? { maxMessageBytes: Number(opts.maxSize) } : {}),
        ...(opts.timeout ? { timeoutMs: Number(opts.timeout) } : {}),
      };
      for (const [k, v] of Object.entries(limits)) if (!Number.isInteger(v) || v <= 0) program.error(`import: ${k} must be a positive integer`);
      const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        await migrate(db);
        const common = { limits, attachmentStore: storageFor(config) };
        const summary = opts.demo
          ? await importDemoCorpus(db, common)
          : await importPaths(db, paths, common);
        printSummary(summary, Boolean(opts.json));
      } finally {
        await db.close();
      }
    });
}
