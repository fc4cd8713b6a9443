import type { Command } from 'commander';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { openDb } from '../../server/db/openDb';

export function register(program: Command): void {
  program
    .command('migrate')
    .description('apply pending SQL migrations to the database (DATA_DIR or DATABASE_URL)')
    .action(async () => {
      const config = loadConfig(process.env);
      const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        const applied = await migrate(db);
        for (const name of applied) console.log(`applied ${name}`);
        console.log(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date');
      } finally {
        await db.close();
      }
    });
}
