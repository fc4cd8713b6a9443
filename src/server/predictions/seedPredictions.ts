import type { Db } from '../db/Db';
import { linkDemoForPredictions } from './demoLinks';
import { currentModelInfo } from './modelStore';
import { NothingToLearn, trainFromCatalogue } from './trainFromCatalogue';

/**
 * Demo: once the demo products and inbox are in, links products to emails (unless something did
 * already) and trains the two model versions: '2019', from the older half of the linked catalogue
 * (products entered up to the median entry date), and 'current', from all of it. Scoring the inbox
 * is left to the server's scoring job (predictions.score) so the first start stays fast.
 */
export async function seedPredictions(db: Db, log: (msg: string) => void = () => undefined): Promise<void> {
  const links = await linkDemoForPredictions(db);
  if (links !== null) log(`seed: ${links} demo products catalogued from demo emails (labelled examples for the predictions)`);
  if (await currentModelInfo(db, 'current')) return;
  const median = await db.query<{ d: string | null }>(
    `select to_char(percentile_disc(0.5) within group (order by entry_date), 'YYYY-MM-DD') as d from products where muid is not null and is_deleted = 0`,
  );
  try {
    if (median.rows[0]?.d) {
      const old = await trainFromCatalogue(db, { variant: '2019', until: median.rows[0].d, trainedBy: 'demo' }).catch((e: unknown) => {
        if (e instanceof NothingToLearn) return null;
        throw e;
      });
      if (old) log(`seed: predictions model v${old.version} (2019) trained on ${old.examples} products in ${old.trainingMs} ms`);
    }
    const cur = await trainFromCatalogue(db, { variant: 'current', trainedBy: 'demo' });
    log(`seed: predictions model v${cur.version} trained on ${cur.examples} products in ${cur.trainingMs} ms`);
  } catch (e) {
    if (e instanceof NothingToLearn) log(`seed: no predictions model: ${e.message}`);
    else throw e;
  }
}
