import type { Command } from 'commander';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/openDb';
import { preparePortal } from '../../server/preparePortal';

export function register(program: Command): void {
  program
    .command('seed')
    .description('migrate, then load the deterministic demo data (safe to run again)')
    .action(async () => {
      const config = loadConfig(process.env);
      const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        await preparePortal(db, (msg) => console.log(msg), { seed: 'always' });
        console.log('demo data loaded');
      } finally {
        await db.close();
      }
    });
}
