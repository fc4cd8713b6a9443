import type { Command } from 'commander';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/openDb';
import { preparePortal } from '../../server/preparePortal';
import { storageFor } from '../../server/storage/storageFor';

export function register(program: Command): void {
  program
    .command('seed')
    .description('migrate, then load the deterministic demo data (safe to run again; DEMO_EMAILS and DEMO_PDFS as for a first start)')
    .action(async () => {
      const config = loadConfig(process.env);
      const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        // As a first start of `serve` seeds: attachments and demo PDFs into the portal's storage (STORAGE_URL
        // or DATA_DIR/files), DEMO_EMAILS and DEMO_PDFS honoured.
        await preparePortal(db, (msg) => console.log(msg), { seed: 'always', dataDir: config.dataDir, storage: storageFor(config), demoEmails: config.demoEmails, demoPdfs: config.demoPdfs });
        console.log('demo data loaded');
      } finally {
        await db.close();
      }
    });
}
