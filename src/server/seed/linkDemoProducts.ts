import type { Db } from '../db/Db';
import { emailStatuses } from '../emails/emailStatuses';
import { emailChannel } from '../products/emailChannel';
import { getMeta, setMeta } from '../portalMeta';

/** portal_meta key set (with the counts) once the demo products are linked to demo emails. */
export const demoLinksKey = 'demo_links';

export interface DemoLinks {
  /** Products that now carry an email's muid (their email became Used). */
  used: number;
  /** Further emails assigned to one of those products as Copy. */
  copies: number;
}

/**
 * Links the demo catalogue to the demo inbox, as editors would have: each demo email-channel product
 * is catalogued from one demo email (product muid = email muid; that email becomes Used, with the
 * product's entry id) and every other such product also got a second email assigned as a Copy. The
 * emails are spread evenly over the inbox by date, so every date range shows some of each. Runs
 * once per database; an email linked already is left alone, and a product catalogued already (the
 * predictions' labelled links) only gets a Copy email. Returns null when done before.
 */
export async function linkDemoProducts(db: Db): Promise<DemoLinks | null> {
  const status = emailStatuses();
  const statuses = { used: status.code('used'), copy: status.code('copy'), focus: status.code('focus') };
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('portal.seed.links'))");
    if (await getMeta(tx, demoLinksKey)) return null;
    const products = (await tx.query<{ product_id: string; entry_id: string; linked: boolean }>(
      `select product_id::text as product_id, entry_id, muid is not null as linked from products
        where is_deleted = 0 and entry_id is not null and media_channel = $1 order by product_id`,
      [emailChannel()],
    )).rows;
    // Originals only: a duplicate of an already catalogued email would not be catalogued again.
    const emails = (await tx.query<{ muid: string }>(
      `select e.muid::text as muid from emails e
        where e.deleted = $1 and e.product_id is null and e.entry_id is null
          and not exists (select 1 from dedup_members m where m.muid = e.muid and m.match <> 'original')
        order by e.email_date nulls first, e.muid`,
      [statuses.focus],
    )).rows;
    // Products catalogued already (the predictions' labelled links) only get Copy emails.
    const open = products.filter((p) => !p.linked);
    const catalogued = products.filter((p) => p.linked);
    // Room for a Used and a Copy email per newly linked product, and a Copy for every other catalogued one.
    const count = Math.min(open.length, Math.floor(emails.length / 2));
    const links: Array<{ muid: string; product_id: string; entry_id: string; deleted: number }> = [];
    const taken = new Set<number>();
    const step = emails.length / Math.max(count, 1);
    for (let i = 0; i < count; i++) {
      const at = Math.floor(i * step);
      const p = open[i];
      links.push({ muid: emails[at].muid, product_id: p.product_id, entry_id: p.entry_id, deleted: statuses.used });
      taken.add(at);
      if (i % 2 === 0 && step >= 2) {
        links.push({ muid: emails[at + 1].muid, product_id: p.product_id, entry_id: p.entry_id, deleted: statuses.copy });
        taken.add(at + 1);
      }
    }
    const spare = emails.filter((_, i) => !taken.has(i));
    const copiesOfCatalogued = Math.min(Math.ceil(catalogued.length / 2), spare.length);
    const spareStep = spare.length / Math.max(copiesOfCatalogued, 1);
    for (let i = 0; i < copiesOfCatalogued; i++) {
      const p = catalogued[i * 2];
      links.push({ muid: spare[Math.floor(i * spareStep)].muid, product_id: p.product_id, entry_id: p.entry_id, deleted: statuses.copy });
    }
    const rows = JSON.stringify(links);
    await tx.query(
      `update emails e set deleted = x.deleted, product_id = x.product_id, entry_id = x.entry_id
         from jsonb_to_recordset($1::jsonb) as x(muid bigint, product_id bigint, entry_id text, deleted smallint)
        where e.muid = x.muid`,
      [rows],
    );
    await tx.query(
      `update products p set muid = x.muid, document = jsonb_set(p.document, '{muid}', to_jsonb(x.muid::text))
         from jsonb_to_recordset($1::jsonb) as x(muid bigint, product_id bigint, deleted smallint)
        where p.product_id = x.product_id and x.deleted = $2`,
      [rows, statuses.used],
    );
    const result = { used: count, copies: links.length - count };
    await setMeta(tx, demoLinksKey, result);
    return result;
  });
}
