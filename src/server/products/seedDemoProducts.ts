import type { Db, Queryable } from '../db/Db';
import { getMeta, setMeta } from '../portalMeta';
import { generateProducts } from './generateProducts';
import { prepareDocument } from './prepareDocument';
import { productEngine } from './productEngine';
import { columnsOf } from './productStore';
import { actionOfStatus, rulesOfAction } from './statusActions';

/** portal_meta key set (with the count) once the demo products are in. */
export const productsSeededKey = 'demo_products_seeded';
/** "A few hundred" products on the first start (issue 5 item 8); fixed seed so every install is the same. */
export const demoProductCount = 250;
export const demoProductSeed = 20240630;
const BATCH = 100;

/**
 * Stores generated product documents exactly as a save through the API would store them: each runs
 * through the rules (save plus its status action; refused ones are skipped and counted), editor
 * state is dropped, the metadata version recorded, a muid that is not an email id (a number)
 * becomes null, and each stored product gets one activity row. Existing product ids are left
 * alone; the id sequence moves past the largest id. For `portal products generate` too.
 */
export async function storeGeneratedProducts(tx: Queryable, generated: ReadonlyArray<Record<string, unknown>>, user = 'demo'): Promise<{ inserted: number; refused: number }> {
  const { engine, version } = productEngine();
  const rows: Array<Record<string, unknown>> = [];
  let refused = 0;
  for (const g of generated) {
    const muid = columnsOf(g).muid;
    const doc: Record<string, unknown> = { ...g, muid: muid === null ? null : String(muid), last_worked_user: user };
    const action = actionOfStatus(Number(doc.product_status));
    const prepared = prepareDocument(engine, doc, action ? rulesOfAction(action) : ['save']);
    if (prepared.errors.length || !Number.isSafeInteger(Number(doc.product_id))) {
      refused++;
      continue;
    }
    rows.push({ product_id: Number(doc.product_id), document: prepared.document, ...columnsOf(prepared.document) });
  }
  let inserted = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const r = await tx.query(
      `with added as (
         insert into products (product_id, muid, entry_id, document, product_status, media_channel, entry_date, metadata_version, last_worked_user)
         select x.product_id, x.muid, x.entry_id, x.document, x.product_status, x.media_channel, x.entry_date, $2, $3
           from jsonb_to_recordset($1::jsonb) as x(product_id bigint, muid bigint, entry_id text, document jsonb, product_status smallint, media_channel smallint, entry_date date)
         on conflict (product_id) do nothing
         returning product_id)
       insert into activity (username, entity, entity_id, action) select $3, 'product', product_id::text, 'create' from added`,
      [JSON.stringify(rows.slice(i, i + BATCH)), version, user],
    );
    inserted += r.rowCount;
  }
  // Explicit ids bypassed the identity sequence; move it past them for products added later.
  await tx.query("select setval(pg_get_serial_sequence('products', 'product_id'), greatest((select max(product_id) from products), 1))");
  return { inserted, refused };
}

/**
 * Loads the demo products once per database (first start): generateProducts with a fixed seed,
 * stored by storeGeneratedProducts. Returns the count inserted, or null when already done.
 */
export async function seedDemoProducts(db: Db, log: (msg: string) => void = () => undefined, count = demoProductCount): Promise<number | null> {
  const started = performance.now();
  const { engine, version } = productEngine();
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('portal.seed.products'))");
    if (await getMeta(tx, productsSeededKey)) return null;
    const existing = await tx.query<{ n: number }>('select count(*)::int as n from products');
    if (existing.rows[0].n > 0) return null;
    // The generator's muids are not emails.muid values; linkDemoProducts links a share of these
    // products to demo emails once the demo inbox is in (seedDemo).
    const generated = generateProducts({ count, seed: demoProductSeed, engine }).map((p) => ({ ...p, muid: null }));
    const { inserted, refused } = await storeGeneratedProducts(tx, generated);
    await setMeta(tx, productsSeededKey, { count: inserted, seed: demoProductSeed, metadata_version: version });
    log(`seed: ${inserted} demo products in ${Math.round(performance.now() - started)} ms${refused ? ` (${refused} refused by the current rules)` : ''}`);
    return inserted;
  });
}
