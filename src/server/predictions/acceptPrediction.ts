import type { FastifyRequest } from 'fastify';
import type { FileStorage } from '../storage/FileStorage';
import type { AcceptRequest, AcceptResponse } from '../../api/predictionTypes';
import { requireAuth } from '../auth/access';
import type { Db } from '../db/Db';
import { httpError } from '../httpError';
import { saveProduct } from '../products/saveProduct';
import { findProductByMuid } from '../products/productStore';
import { codeByKey } from '../../engine/model/codeByKey';
import { rootFieldDefaults } from '../../engine/model/rootFieldDefaults';
import { productEngine } from '../products/productEngine';
import { codeTitle, parentOfCategory, productLabels, type PredictionTarget } from './predictionTargets';
import { currentModelInfo } from './modelStore';
import { spaceyMessage } from './spaceyMessages';
import { sectorChainText } from '../../shared/sectorChainText';

/**
 * What a draft is besides the schema defaults, by code key: a Temp product (the editor finishes it)
 * of the email channel; it must name an audience and an electronic type to be saved, so it takes
 * consumer and a promotional email, which the editor corrects.
 */
function draftCodes() {
  const { model } = productEngine().engine;
  const code = (table: string, key: string) => codeByKey(model, `codes/${table}`, key);
  return {
    defaults: rootFieldDefaults(model),
    media_channel: code('media_channel', 'email'),
    audience: code('audience', 'consumer'),
    product_status: code('product_status', 'temp_product'),
    electronic_type: [code('electronic_type', 'promotional_email')],
  };
}

/**
 * The draft product of an email: the defaults a new product gets, email channel, its panelist (the
 * date the panelist received it, which is also the entry date). Refused (422) when the email has no
 * panelist, since a product must name one.
 */
async function draftFromEmail(db: Db, muid: number, email: { email_date: Date | null; panelist_id: number | null }): Promise<Record<string, unknown>> {
  const today = new Date().toISOString().slice(0, 10);
  const received = email.email_date ? new Date(email.email_date).toISOString().slice(0, 10) : today;
  const date = received > today ? today : received;
  const p = email.panelist_id === null ? undefined : (await db.query<Record<string, unknown>>(
    `select panelist_id, competi_id, first_name, last_name, age, gender, "incomeID", "stateID" from panelists where panelist_id = $1`,
    [email.panelist_id],
  )).rows[0];
  if (!p) throw httpError(422, 'This email has no panelist, so no product can be drafted from it; enter its product in the product editor.');
  const { defaults, ...codes } = draftCodes();
  return { ...defaults, muid: String(muid), ...codes, entry_date: date, panelists: [{ ...p, pp_date: date }] };
}

const chainEntry = (id: string, level: number, title: string | null) => ({ id: Number(id), name: title ?? id, sequence: level, sectorWorksiteVoluntary: 0 });

/**
 * Accept (000 §2 predictions screen; what it does is not shown): applies the accepted labels to the
 * email's product through the same save the editor uses (rules, allowed sectors, permissions), or
 * creates that product as a Temp draft from the email when there is none. A sector replaces the
 * first sector chain (kept when its root is already that sector); a category sets the chain
 * [its sector, category]; a company becomes the first company. Each accepted label is recorded as
 * feedback.
 */
export async function acceptPrediction(db: Db, storage: FileStorage, req: FastifyRequest, muid: number, accept: AcceptRequest): Promise<AcceptResponse> {
  const auth = requireAuth(req);
  const targets = (Object.keys(accept) as PredictionTarget[]).filter((t) => accept[t]);
  if (targets.length === 0) throw httpError(400, 'Choose a prediction to accept.');
  const email = await db.query<{ email_date: Date | null; panelist_id: number | null }>('select email_date, panelist_id from emails where muid = $1', [muid]);
  if (!email.rows[0]) throw httpError(404, 'Email not found');
  const stored = await findProductByMuid(db, muid);
  if (stored?.is_deleted === 1) throw httpError(409, 'The product of this email is deleted; restore it before accepting predictions.');
  const doc: Record<string, unknown> = stored ? { ...stored.document, product_id: stored.product_id } : await draftFromEmail(db, muid, email.rows[0]);

  const chains = Array.isArray(doc.sectors) ? [...(doc.sectors as unknown[][])] : [];
  const chainBefore = sectorChainText(chains[0]);
  const current = productLabels(doc);
  let sector = accept.sector ?? null;
  const category = accept.category ?? null;
  if (category) sector = parentOfCategory(category) ?? sector ?? current.sector;
  if (sector) {
    const keepChain = !category && current.sector === sector && chains[0];
    const chain = keepChain ? chains[0] : [chainEntry(sector, 1, codeTitle('sector', sector)), ...(category ? [chainEntry(category, 2, codeTitle('category', category))] : [])];
    if (chains.length) chains[0] = chain;
    else chains.push(chain);
    doc.sectors = chains;
  }
  if (accept.mailing_type) doc.mailing_type = Number(accept.mailing_type);
  if (accept.company) {
    const c = await db.query<Record<string, unknown>>(
      `select "companyID", "companyName", "isWorksiteVoluntary", "isMilitaryCo", "isInsuranceExchange", co_states, "associatedProductName" from companies where "companyID" = $1`,
      [Number(accept.company)],
    );
    if (!c.rows[0]) throw httpError(404, `Company ${accept.company} not found`);
    const others = ((doc.companies as Array<Record<string, unknown>> | undefined) ?? []).filter((x) => String(x.companyID) !== accept.company);
    doc.companies = [c.rows[0], ...others];
  }
  // What an update changed, in words (spacey.json's messages): a category from another sector replaces the product's first chain, which
  // an editor would not otherwise notice from the spacey list.
  const changes: string[] = [];
  const chainAfter = sectorChainText(chains[0]);
  if (stored && chainAfter !== chainBefore) changes.push(chainBefore ? spaceyMessage('chainNowWas', { chain: chainAfter, before: chainBefore }) : spaceyMessage('chainNow', { chain: chainAfter }));
  if (stored && accept.mailing_type && String(current.mailing_type) !== accept.mailing_type) changes.push(spaceyMessage('mailingTypeNow', { mailing_type: codeTitle('mailing_type', accept.mailing_type) ?? accept.mailing_type }));
  if (stored && accept.company && current.company !== accept.company) changes.push(spaceyMessage('firstCompany', { company: String((doc.companies as Array<Record<string, unknown>>)[0]!.companyName) }));
  // The route checked the caller may see this email; a new draft is linked to it.
  const saved = await saveProduct(db, storage, req, { document: doc, emailLink: stored ? undefined : muid });
  const info = await currentModelInfo(db, 'current');
  await db.query(
    `insert into prediction_feedback (muid, model_version, target, label, verdict, username)
     select $1, $2, t.target, t.label, 'accept', $3 from jsonb_each_text($4::jsonb) as t(target, label)`,
    [muid, info?.version ?? null, auth.username, JSON.stringify(Object.fromEntries(targets.map((t) => [t, accept[t]])))],
  );
  const id = saved.row.product_id;
  return {
    product_id: id,
    entry_id: saved.row.entry_id,
    created: saved.created,
    // The words are spacey.json's messages: an analyst rewords them there.
    msg: saved.created ? spaceyMessage('draftCreated', { id }) : changes.length ? spaceyMessage('productUpdatedWith', { id, changes: changes.join('; ') }) : spaceyMessage('productUpdated', { id }),
  };
}
