import type { Engine } from '../../engine';
import { collectFields, type FieldEntry } from '../../engine/diff/collectFields';
import { reviewEngine, type ReviewEngine } from '../../engine/diff/reviewEngine';
import type { MetadataModel } from '../../engine/model/MetadataModel';
import { getIn, setIn } from '../../engine/model/paths';
import { PRODUCT_STATUS_TABLE, statusActionsOf } from '../../engine/policy/statusActions';
import type { CodeEntry, ViewModel } from '../../engine/types';
import { DEMO_REFERENCE_DATE, generateReference } from '../seed/generateReference';
import type { CompanyRow, PanelistRow, ReferenceData } from '../seed/referenceTypes';
import { BRANDS } from '../seed/seedWords';

export type GeneratedProduct = Record<string, unknown>;

export interface GenerateProductsOptions {
  count: number;
  seed: number;
  /** The engine the products must pass (its `now` should not be before `today`). */
  engine: Engine;
  /** First product_id (default 100001). */
  firstId?: number;
  /** The demo's "today" (default the reference date 2024-06-30): entry dates count back from it. */
  today?: string;
  /** Reference rows (companies, panelists); default the fixed-seed demo reference data. */
  reference?: ReferenceData;
  /** Filled with how many drafts were made (more than `count` when some were drafted again). */
  stats?: { drafts: number; checks?: number };
}

/** Status mix of a working catalogue: mostly approved, some in every other state. */
const statusWeights: Array<[number, number]> = [[1, 45], [2, 8], [3, 5], [4, 7], [10, 6], [11, 10], [-1, 5], [0, 14]];
/** Channel mix: direct mail and email dominate, every channel appears. */
const channelWeights: Record<number, number> = { 1: 28, 2: 9, 3: 24, 5: 8, 6: 7, 9: 4, 10: 5, 13: 3, 14: 4, 19: 4, 20: 4 };
const MAX_ATTEMPTS = 25;
const MAX_REPAIR_ROUNDS = 6;

/** mulberry32: small, fast, seedable; every product draws from its own stream. */
function rngFor(...parts: number[]): () => number {
  let h = 2166136261;
  for (const p of parts) {
    h ^= p | 0;
    h = Math.imul(h, 16777619);
    h ^= h >>> 13;
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Draw {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  some<T>(list: readonly T[], min: number, max: number): T[] {
    const n = Math.min(list.length, this.int(min, max));
    const pool = [...list];
    const out: T[] = [];
    while (out.length < n) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }
  weighted<T>(pairs: ReadonlyArray<readonly [T, number]>): T {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of pairs) if ((r -= w) < 0) return v;
    return pairs[pairs.length - 1][0];
  }
  hex(n: number): string {
    let s = '';
    while (s.length < n) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
  digits(n: number): string {
    let s = '';
    while (s.length < n) s += Math.floor(this.next() * 10).toString();
    return s;
  }
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const HEADLINE_OFFERS = ['Save 20% today', 'No annual fee for the first year', 'Earn 2x points on every purchase', 'Free shipping on your next order',
  'Lock in a low fixed rate', 'Get $200 when you open an account', 'Switch and save on your monthly bill', 'Limited-time introductory APR',
  'Exclusive member pricing', 'Your pre-approved offer inside'] as const;
const PRODUCT_WORDS = ['Rewards', 'Platinum', 'Select', 'Essentials', 'Plus', 'Preferred', 'Advantage', 'Signature', 'Everyday', 'Premier'] as const;

/** A plausible value for a field, from its code options, type and name. */
function valueFor(f: FieldEntry, options: readonly CodeEntry[] | undefined, d: Draw, entryDate: string): unknown {
  const s = f.schema;
  const opts = options ?? [];
  if (f.table) {
    if (!opts.length) return undefined;
    const isList = typeof s.items === 'object' && s.items !== null;
    return isList ? d.some(opts, 1, Math.min(2, opts.length)).map((e) => e.const) : d.pick(opts).const;
  }
  const name = f.path.split('.').pop() ?? '';
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return d.chance(0.5) ? 1 : 0;
  if (type === 'array' || type === 'object') return undefined;
  if (s.format === 'date' || /date/.test(name)) return entryDate;
  if (/url|link/.test(name)) return `https://www.example.com/offers/${d.hex(8)}`;
  if (/zip/.test(name)) return String(d.int(10000, 99999));
  if (/phone/.test(name)) return `(${d.int(200, 989)}) 555-${String(d.int(0, 9999)).padStart(4, '0')}`;
  if (/address/.test(name)) return `${d.int(10, 9999)} ${d.pick(BRANDS)} Ave`;
  if (/city/.test(name)) return d.pick(['Springfield', 'Riverton', 'Fairview', 'Madison', 'Georgetown', 'Franklin']);
  if (/apr|apy|rate|usage|percent/.test(name)) return (d.int(0, 2999) / 100).toFixed(2);
  if (/period|months|term|window/.test(name)) return String(d.pick([3, 6, 12, 15, 18, 21, 24]));
  if (/fee|cost|charge|amount|deposit|limit|price|spend|award|value/.test(name)) return String(d.pick([0, 5, 25, 39, 95, 150, 250, 500, 1000, 5000]));
  if (/speed/.test(name)) return `${d.pick([100, 300, 500, 1000])} Mbps`;
  if (/name/.test(name)) return `${d.pick(BRANDS)} ${d.pick(PRODUCT_WORDS)}`;
  if (/details|comment|text|incentive/.test(name)) return `${d.pick(HEADLINE_OFFERS)}.`;
  const max = typeof s.maxLength === 'number' ? s.maxLength : 40;
  return `${d.pick(BRANDS)} ${d.pick(PRODUCT_WORDS)}`.slice(0, max);
}

interface Context {
  engine: Engine;
  fields: Map<string, FieldEntry>;
  ref: ReferenceData;
  today: string;
  roots: CodeEntry[];
  children: Map<string, CodeEntry[]>;
  channels: Array<[number, number]>;
  audiences: CodeEntry[];
  subFormBlocks: Set<string>;
  /** One compiled checker per action set (save plus the status action), made on first use. */
  checkerFor(status: unknown): ReviewEngine;
  ruleById: Map<string, { kind: string }>;
  stats?: GenerateProductsOptions['stats'];
}

function contextFor(engine: Engine, ref: ReferenceData, today: string): Context {
  const m = engine.model;
  const children = new Map<string, CodeEntry[]>();
  for (const e of m.codeTables.get('codes/categories')?.entries ?? []) {
    const parent = String(e['x-parent']);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent)!.push(e);
  }
  const checkers = new Map<string, ReviewEngine>();
  const checkerFor = (status: unknown): ReviewEngine => {
    const actions = actionsFor(status, m);
    const key = actions.join(',');
    let c = checkers.get(key);
    // The server's generator: generated code, as the server runs its engines.
    if (!c) checkers.set(key, (c = reviewEngine(m, () => today, actions, { codeGeneration: true })));
    return c;
  };
  const channels = (m.codeTables.get('codes/media_channel')?.entries ?? []).map((e): [number, number] => [Number(e.const), channelWeights[Number(e.const)] ?? 2]);
  return {
    engine, ref, today, children, channels, checkerFor,
    ruleById: new Map(engine.rules.map((r) => [r.id, r])),
    fields: collectFields(m),
    roots: m.codeTables.get('codes/sectors')?.entries ?? [],
    audiences: m.codeTables.get('codes/audience')?.entries ?? [],
    subFormBlocks: new Set(m.blocks.filter((b) => b.file.startsWith('schemas/product/sectors/') || b.id === 'incentives').map((b) => b.id)),
  };
}

/** A sector chain of 2 to 4 levels from the sector and category tables (x-parent links). */
function chainFor(ctx: Context, root: CodeEntry, d: Draw): Array<Record<string, unknown>> {
  const chain = [root];
  for (let level = 1; level < 4; level++) {
    const kids = ctx.children.get(String(chain[chain.length - 1].const));
    if (!kids?.length || (level >= 2 && d.chance(0.5))) break;
    chain.push(d.pick(kids));
  }
  return chain.map((e, i) => ({ id: e.const, name: e.title, sequence: i + 1, sectorWorksiteVoluntary: 0 }));
}

function panelistEntry(p: PanelistRow, date: string, d: Draw): Record<string, unknown> {
  return {
    pp_date: date, panelist_id: p.panelist_id, competi_id: p.competi_id, invitation_id: d.int(100000, 999999),
    tracking_id: String(d.int(0, 9999)).padStart(4, '0'), age: p.age, gender: p.gender, incomeID: p.incomeID, stateID: p.stateID,
    first_name: p.first_name, last_name: p.last_name,
  };
}

function companyEntry(c: CompanyRow): Record<string, unknown> {
  return {
    companyID: c.companyID, companyName: c.companyName, isWorksiteVoluntary: c.isWorksiteVoluntary, isMilitaryCo: c.isMilitaryCo,
    isInsuranceExchange: c.isInsuranceExchange, co_states: c.co_states, associatedProductName: c.associatedProductName,
  };
}

/** The product before the rules see it: what an editor types, per channel and sector. */
function draft(ctx: Context, id: number, d: Draw): GeneratedProduct {
  const status = d.weighted(statusWeights);
  const channel = d.weighted(ctx.channels);
  const audience = ctx.audiences.length ? d.weighted(ctx.audiences.map((a): [unknown, number] => [a.const, a.const === 1 ? 6 : 2])) : 1;
  const entryDate = addDays(ctx.today, -d.int(1, 720));
  const root = d.pick(ctx.roots);
  const chains = [chainFor(ctx, root, d)];
  if (d.chance(0.15)) chains.push(chainFor(ctx, d.pick(ctx.roots), d));
  const companies = d.some(ctx.ref.companies, 1, d.chance(0.2) ? 2 : 1).map(companyEntry);
  const stateSpecific = d.chance(0.1);
  let panelists = d.some(ctx.ref.panelists, channel === 1 ? 1 : 0, 3);
  if (stateSpecific && panelists.length) panelists = panelists.filter((p) => p.stateID === panelists[0].stateID);
  const brand = String(companies[0].companyName).split(' ')[0];
  const productName = `${brand} ${d.pick(PRODUCT_WORDS)} ${root.title}`;
  const doc: GeneratedProduct = {
    // No muid here: seedDemo links a share of the demo products to demo emails after the import.
    product_id: id,
    // Digits and hyphens only (the Assign Copies field accepts nothing else, 000 §5).
    entry_id: `${entryDate}-${d.digits(12)}`,
    entry_date: entryDate,
    offer_expiry_date: d.chance(0.6) ? addDays(entryDate, d.int(14, 180)) : '',
    state_specific: stateSpecific,
    product_status: status,
    media_channel: channel,
    audience,
    sectors: chains,
    companies,
    panelists: panelists.map((p) => panelistEntry(p, entryDate, d)),
    affinity: d.chance(0.2) ? d.some(ctx.ref.affinities, 1, 1).map((a) => ({ affinityID: a.affinityID, affinityName: a.affinityName, AffinityCategoryName: a.AffinityCategoryName })) : [],
    product_name: productName,
    product_headline: `${productName}: ${d.pick(HEADLINE_OFFERS)}`,
    product_image: `/images/products/${id}.jpg`,
    product_pdf: status === 11 || status === 0 ? '' : `/pdf/products/${id}.pdf`,
    product_comment: status === 4 ? 'Image is unreadable; please re-scan the piece.' : d.chance(0.1) ? 'Checked against the mail piece.' : '',
    personalization: d.chance(0.3) ? 1 : 2,
    campaign_language: 1,
    business_content: 0,
    target_market: [],
    state_province: [],
    is_deleted: 0,
  };
  if (channel === 2) {
    const pub = d.pick(ctx.ref.publications);
    doc.publications = [{ publication_id: pub.publicationID, publication_name: pub.publicationName, publication_date: entryDate }];
  }
  if (channel === 3) doc.electronic_type = [1];
  if (channel === 6) doc.primary_country = 'US';
  return doc;
}

/** Product-level optional fields an editor usually fills. */
const OPTIONAL_FILLED = ['mailing_type', 'offer_origin', 'dm_tm_source', 'digital_source', 'social_media_add_type', 'external_link', 'media_file_url', 'state_province', 'communication_type', 'response_mechanism'];

/** Fills visible, empty fields of the visible sub-forms (and a few optional ones) with plausible values. */
function fillVisible(ctx: Context, doc: GeneratedProduct, vm: ViewModel, d: Draw, entryDate: string): GeneratedProduct {
  const m = ctx.engine.model;
  let out = doc;
  for (const f of m.fields) {
    const st = vm.fields[f.path];
    if (!st?.visible || st.readonly) continue;
    const isSubForm = ctx.subFormBlocks.has(f.block);
    const current = getIn(out, f.segs);
    if (current !== undefined && current !== null && current !== '' && !(Array.isArray(current) && !current.length)) continue;
    // Lists of records (panelists, incentives, promotions) are built by hand or left empty.
    const entry = ctx.fields.get(f.path);
    if (!entry || (typeof f.schema.items === 'object' && !entry.table)) continue;
    // Required now (for save or the status action): always filled, so the check that follows passes.
    if (!st.required) {
      if (!isSubForm && !OPTIONAL_FILLED.includes(f.path)) continue;
      if (isSubForm && !d.chance(0.7)) continue;
    }
    const v = valueFor(entry, st.options, d, entryDate);
    if (v !== undefined) out = setIn(out, f.segs, v) as GeneratedProduct;
  }
  return out;
}

/** Promotions for products whose promotion block shows (retail, consumer service, non-profit). */
function addPromotions(ctx: Context, doc: GeneratedProduct, vm: ViewModel, d: Draw): GeneratedProduct {
  if (!vm.blocks.promotion?.visible || getIn(doc, ['promotion', 'promotions'])) return doc;
  const types = vm.fields['promotion.product_type']?.options ?? [];
  const promoTypes = ctx.engine.model.codeTables.get('codes/promotion_type')?.entries ?? [];
  const company = (doc.companies as Array<Record<string, unknown>>)[0]?.companyID;
  if (!types.length || !promoTypes.length || company === undefined) return doc;
  const productType = d.pick(types).const;
  const promotions = Array.from({ length: d.int(1, 3) }, () => ({
    promotion_company: company, product_type: productType, promotion_type: d.pick(promoTypes).const,
    discount_value: String(d.pick([10, 15, 20, 25, 50])), store_type: d.chance(0.5) ? 1 : 2, code_required: d.chance(0.3) ? 1 : 0, bogo: 0,
  }));
  return { ...doc, promotion: { holiday: '', sale_type: '', promotion_company: company, product_type: productType, promotions } };
}

/**
 * The rule actions a product in this status has passed: those of the status action that sets it
 * (`x-action` on codes/product_status: save plus approve for Approved, ...), else save.
 */
export function actionsFor(status: unknown, model: MetadataModel): string[] {
  const a = statusActionsOf(model.codeTables.get(PRODUCT_STATUS_TABLE)).find((s) => Number(s.status) === Number(status));
  return a ? a.rules : ['save'];
}

/** Fills the fields that `required` errors name; false when an error cannot be fixed by filling. */
function repair(ctx: Context, doc: GeneratedProduct, vm: ViewModel, errors: ViewModel['errors'], d: Draw): GeneratedProduct | null {
  let out = doc;
  const entryDate = String(doc.entry_date);
  for (const e of errors) {
    const rule = ctx.ruleById.get(e.rule);
    if (!rule || rule.kind !== 'required') return null;
    const pattern = e.field.split('.').map((s) => (/^\d+$/.test(s) ? '*' : s)).join('.');
    const entry = ctx.fields.get(e.field) ?? ctx.fields.get(pattern);
    if (!entry) return null;
    const v = valueFor(entry, vm.fields[e.field]?.options ?? ctx.engine.model.codeTables.get(entry.table ?? '')?.entries, d, entryDate);
    if (v === undefined) return null;
    out = setIn(out, e.field.split('.'), v) as GeneratedProduct;
  }
  return out;
}

/** One product that passes save and its status action, or null when repairs do not get it there. */
function attempt(ctx: Context, id: number, d: Draw): GeneratedProduct | null {
  let doc = draft(ctx, id, d);
  const checker = ctx.checkerFor(doc.product_status);
  // Panelist effects (entry date, gender, age, income, states) as the editor derives them on add.
  let { vm } = checker.check(doc, { ...doc, panelists: [] });
  doc = vm.document as GeneratedProduct;
  const entryDate = String(doc.entry_date);
  doc = addPromotions(ctx, fillVisible(ctx, doc, vm, d, entryDate), vm, d);
  for (let round = 0; round < MAX_REPAIR_ROUNDS; round++) {
    if (ctx.stats) ctx.stats.checks = (ctx.stats.checks ?? 0) + 1;
    const res = checker.check(doc);
    vm = res.vm;
    doc = vm.document as GeneratedProduct;
    const errors = Object.values(res.errors).flat();
    if (!errors.length) {
      // Stored as the rules leave it: another round until evaluating it derives nothing more.
      if (!Object.keys(vm.derived).length) return doc;
      continue;
    }
    const fixed = repair(ctx, doc, vm, errors, d);
    if (!fixed) return null;
    doc = fixed;
  }
  return null;
}

/**
 * Realistic demo products across every sector, media channel and status, each passing its own
 * rules under `engine` (save, plus the action of its status: approve for Approved, problem for
 * Problem, ...): drafted, run through the engine (derived values applied, required fields filled),
 * and drafted again from a new stream when a check still fails. Pure and repeatable per seed.
 */
export function generateProducts(opts: GenerateProductsOptions): GeneratedProduct[] {
  const today = opts.today ?? DEMO_REFERENCE_DATE.toISOString().slice(0, 10);
  const ctx = { ...contextFor(opts.engine, opts.reference ?? generateReference(), today), stats: opts.stats };
  const firstId = opts.firstId ?? 100001;
  const out: GeneratedProduct[] = [];
  for (let i = 0; i < opts.count; i++) {
    const id = firstId + i;
    let product: GeneratedProduct | null = null;
    for (let a = 0; a < MAX_ATTEMPTS && !product; a++) {
      if (opts.stats) opts.stats.drafts++;
      product = attempt(ctx, id, new Draw(rngFor(opts.seed, id, a)));
    }
    if (!product) throw new Error(`product ${id}: no draft passed the rules after ${MAX_ATTEMPTS} attempts (see \`portal rules check\`)`);
    out.push(product);
  }
  return out;
}
