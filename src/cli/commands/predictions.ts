import type { Command } from 'commander';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { openDb } from '../../server/db/openDb';
import type { Db } from '../../server/db/Db';
import { formatStatus } from '../../server/predictions/formatStatus';
import type { ModelVariant } from '../../server/predictions/modelStore';
import { predictionStatus } from '../../server/predictions/predictionStatus';
import { scoreEmails } from '../../server/predictions/scoreEmails';
import { NothingToLearn, trainFromCatalogue } from '../../server/predictions/trainFromCatalogue';

async function withDb(fn: (db: Db) => Promise<void>): Promise<void> {
  const config = loadConfig(process.env);
  const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(db);
    await fn(db);
  } finally {
    await db.close();
  }
}

const variantOf = (v: string | undefined, program: Command): ModelVariant => {
  if (v === undefined || v === 'current') return 'current';
  if (v === '2019') return '2019';
  program.error(`predictions: --variant is current or 2019, got "${v}"`);
};

export function register(program: Command): void {
  const cmd = program.command('predictions').description('the spacey model: train it from the catalogue, score emails, show its versions and figures');
  cmd
    .command('train')
    .description('train a new model version from the products linked to emails (and the reviewers\' rejections); prints its held-out figures')
    .option('--variant <v>', 'current (shown on /spacy) or 2019 (the older version kept for comparison)', 'current')
    .option('--until <date>', 'only products entered on or before this day (YYYY-MM-DD)')
    .option('--no-score', 'do not score the emails with the new version')
    .action(async (opts: { variant?: string; until?: string; score: boolean }) => {
      const variant = variantOf(opts.variant, program);
      if (opts.until && !/^\d{4}-\d{2}-\d{2}$/.test(opts.until)) program.error('predictions: --until is a day, YYYY-MM-DD');
      await withDb(async (db) => {
        try {
          const r = await trainFromCatalogue(db, { variant, until: opts.until, trainedBy: process.env.USER ?? 'cli' });
          console.log(`trained model v${r.version} (${r.variant}) on ${r.examples} examples in ${r.trainingMs} ms; ${r.feedbackUsed} rejections used`);
          if (opts.score) {
            const n = await scoreEmails(db, { variants: [variant] });
            console.log(`scored ${n[variant]} emails`);
          }
          const s = await predictionStatus(db);
          console.log(formatStatus(s.models.filter((m) => m.version === r.version), s));
        } catch (e) {
          if (!(e instanceof NothingToLearn)) throw e;
          console.error(e.message);
          process.exitCode = 1;
        }
      });
    });
  cmd
    .command('score')
    .description('score the emails the newest model versions have not scored yet')
    .option('--variant <v>', 'current or 2019 (default both)')
    .action(async (opts: { variant?: string }) => {
      await withDb(async (db) => {
        const n = await scoreEmails(db, { variants: opts.variant ? [variantOf(opts.variant, program)] : undefined });
        console.log(Object.entries(n).map(([v, c]) => `scored ${c} emails with the ${v} model`).join('\n'));
      });
    });
  cmd
    .command('status')
    .description('model versions with their evaluation figures, emails scored, feedback waiting')
    .option('--json', 'print as JSON')
    .action(async (opts: { json?: boolean }) => {
      await withDb(async (db) => {
        const s = await predictionStatus(db);
        console.log(opts.json ? JSON.stringify(s, null, 2) : formatStatus(s.models, s));
      });
    });
}
