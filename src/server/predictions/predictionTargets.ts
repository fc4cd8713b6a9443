import type { PredictionTarget } from '../../api/predictionTypes';
import type { MetadataModel } from '../../engine/model/MetadataModel';
import { metadataStore } from '../metadata/metadataStore';

/** What the model predicts per email (000 §2 "Predictions list": sector, category, mailing type, company). */
export const predictionTargets: readonly PredictionTarget[] = ['sector', 'category', 'mailing_type', 'company'];
export type { PredictionTarget };

/** The labels of one product document (string ids), or null where the product has none. */
export type ProductLabels = Record<PredictionTarget, string | null>;

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
/** A chain element is a sector entry `{id, name, sequence}` (or a bare id). */
const idOf = (v: unknown): string | null => str(v !== null && typeof v === 'object' ? (v as { id?: unknown }).id : v);

/** Labels from a product: the first sector chain's sector and category, the mailing type, the first company. */
export function productLabels(doc: Record<string, unknown>): ProductLabels {
  const chain = Array.isArray(doc.sectors) && Array.isArray(doc.sectors[0]) ? (doc.sectors[0] as unknown[]) : [];
  const company = Array.isArray(doc.companies) ? (doc.companies[0] as Record<string, unknown> | undefined) : undefined;
  return { sector: idOf(chain[0]), category: idOf(chain[1]), mailing_type: str(doc.mailing_type), company: str(company?.companyID) };
}

interface Titles {
  byTarget: Partial<Record<PredictionTarget, Map<string, string>>>;
  categoryParent: Map<string, string | null>;
}

const titleTables: Partial<Record<PredictionTarget, string>> = { sector: 'codes/sectors', category: 'codes/categories', mailing_type: 'codes/mailing_type' };
const cache = new WeakMap<MetadataModel, Titles>();

/** The code tables' titles of the metadata the server runs now (a reload or a code import reaches them). */
function titles(): Titles {
  const model = metadataStore().current().engine.model;
  let t = cache.get(model);
  if (!t) {
    const byTarget: Titles['byTarget'] = {};
    for (const [target, id] of Object.entries(titleTables) as Array<[PredictionTarget, string]>) {
      byTarget[target] = new Map((model.codeTables.get(id)?.entries ?? []).map((e) => [String(e.const), e.title]));
    }
    const categories = model.codeTables.get('codes/categories')?.entries ?? [];
    const categoryParent = new Map(categories.map((e) => [String(e.const), e['x-parent'] === undefined || e['x-parent'] === null ? null : String(e['x-parent'])]));
    cache.set(model, (t = { byTarget, categoryParent }));
  }
  return t;
}

/** The code-table title of a label (companies are titled from the training documents). */
export function codeTitle(target: PredictionTarget, label: string): string | null {
  return titles().byTarget[target]?.get(label) ?? null;
}

/** The sector a category belongs to (codes/categories x-parent), for building a chain on accept. */
export function parentOfCategory(category: string): string | null {
  return titles().categoryParent.get(category) ?? null;
}
