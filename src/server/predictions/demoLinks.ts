import { getDomain } from 'tldts';
import type { Db } from '../db/Db';
import { emailStatuses } from '../emails/emailStatuses';
import { getMeta, setMeta } from '../portalMeta';
import { emailChannel } from '../products/emailChannel';
import { prepareDocument } from '../products/prepareDocument';
import { productEngine } from '../products/productEngine';
import { actionOfStatus } from '../products/statusActions';
import { productLabels } from './predictionTargets';

export interface LinkCandidateProduct {
  product_id: number;
  entry_id: string;
  document: Record<string, unknown>;
}

export interface LinkCandidateEmail {
  muid: number;
  email_from_one: string;
}

export interface DemoPairing {
  links: Array<{ product_id: number; muid: number; entry_id: string }>;
  /** Documents whose labels were aligned with their sender's first product. */
  documents: Map<number, Record<string, unknown>>;
}

/** Emails of one sender (registrable domain) that catalogue one "campaign" of products. */
export const emailsPerSender = 3;

const senderOf = (from: string): string | null => {
  const host = from.toLowerCase().replace(/^.*@/, '').replace(/[>\s].*$/, '');
  return host ? getDomain(host) ?? host : null;
};

/**
 * Pairs demo products with demo emails so that the labels follow from the email, as they do in a
 * real catalogue (a sender's mailings are one company's, in one sector): senders with at least two
 * emails each take the next `emailsPerSender` products in sector/category order, and those products
 * take the company, mailing type and first sector chain of the sender's first product (each edited
 * product must still pass its rules, else it keeps its own values).
 */
export function pairForLearning(products: LinkCandidateProduct[], emails: LinkCandidateEmail[]): DemoPairing {
  const bySender = new Map<string, LinkCandidateEmail[]>();
  for (const e of emails) {
    const s = senderOf(e.email_from_one);
    if (!s) continue;
    const list = bySender.get(s) ?? [];
    list.push(e);
    bySender.set(s, list);
  }
  const senders = [...bySender.entries()].filter(([, l]) => l.length >= 2).sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  const key = (p: LinkCandidateProduct) => {
    const l = productLabels(p.document);
    return `${(l.sector ?? '').padStart(6, '0')}/${(l.category ?? '').padStart(6, '0')}/${String(p.product_id).padStart(12, '0')}`;
  };
  const ordered = [...products].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  const { engine } = productEngine();
  const links: DemoPairing['links'] = [];
  const documents = new Map<number, Record<string, unknown>>();
  let at = 0;
  for (const [, mails] of senders) {
    if (at >= ordered.length) break;
    const group = ordered.slice(at, at + Math.min(emailsPerSender, mails.length));
    at += group.length;
    const lead = group[0].document;
    group.forEach((p, i) => {
      links.push({ product_id: p.product_id, muid: mails[i].muid, entry_id: p.entry_id });
      if (i === 0) return;
      const sameRoot = productLabels(lead).sector === productLabels(p.document).sector;
      const sectors = sameRoot && Array.isArray(lead.sectors) && Array.isArray(p.document.sectors) ? [lead.sectors[0], ...p.document.sectors.slice(1)] : p.document.sectors;
      const aligned = { ...p.document, companies: lead.companies, mailing_type: lead.mailing_type ?? p.document.mailing_type, sectors };
      const action = actionOfStatus(Number(p.document.product_status));
      const prepared = prepareDocument(engine, aligned, action ? ['save', action] : ['save']);
      if (prepared.errors.length === 0) documents.set(p.product_id, prepared.document);
    });
  }
  return { links, documents };
}

/** portal_meta key set once the demo's labelled links exist. */
export const predictionLinksKey = 'demo_prediction_links';

/**
 * Demo only: links email-channel demo products to demo emails with pairForLearning (product muid =
 * email muid, the email becomes Used with the product's entry id). Runs once per database and only
 * when no product is linked yet.
 */
export async function linkDemoForPredictions(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('portal.seed.links'))");
    if (await getMeta(tx, predictionLinksKey)) return null;
    const linked = await tx.query<{ n: number }>('select count(*)::int as n from products where muid is not null');
    if (linked.rows[0].n > 0) return null;
    const products = await tx.query<{ product_id: string; entry_id: string; document: Record<string, unknown> }>(
      `select product_id, entry_id, document from products where muid is null and is_deleted = 0 and entry_id is not null and media_channel = $1 order by product_id`,
      [emailChannel()],
    );
    const emails = await tx.query<{ muid: string; email_from_one: string }>(
      `select muid, email_from_one from emails where deleted = $1 and product_id is null and entry_id is null order by muid`,
      [emailStatuses().code('focus')],
    );
    const pairing = pairForLearning(
      products.rows.map((p) => ({ product_id: Number(p.product_id), entry_id: p.entry_id, document: p.document })),
      emails.rows.map((e) => ({ muid: Number(e.muid), email_from_one: e.email_from_one })),
    );
    const rows = pairing.links.map((l) => ({ ...l, document: pairing.documents.get(l.product_id) ?? null }));
    await tx.query(
      `update products p set muid = x.muid, document = jsonb_set(coalesce(x.document, p.document), '{muid}', to_jsonb(x.muid::text))
         from jsonb_to_recordset($1::jsonb) as x(muid bigint, product_id bigint, document jsonb) where p.product_id = x.product_id`,
      [JSON.stringify(rows)],
    );
    await tx.query(
      `update emails e set deleted = $2, product_id = x.product_id, entry_id = x.entry_id
         from jsonb_to_recordset($1::jsonb) as x(muid bigint, product_id bigint, entry_id text) where e.muid = x.muid`,
      [JSON.stringify(rows), emailStatuses().code('used')],
    );
    await setMeta(tx, predictionLinksKey, { links: rows.length });
    return rows.length;
  });
}
