import categories from '../../../schemas/codes/categories.json';
import mailingTypes from '../../../schemas/codes/mailing_type.json';
import sectors from '../../../schemas/codes/sectors.json';

/** What the model predicts per email (000 §2 "Predictions list": sector, category, mailing type, company). */
export const predictionTargets = ['sector', 'category', 'mailing_type', 'company'] as const;
export type PredictionTarget = (typeof predictionTargets)[number];

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

type Entry = { const: number | string; title: string; 'x-parent'?: number };
const titleOf = (table: { oneOf: Entry[] }) => new Map(table.oneOf.map((e) => [String(e.const), e.title]));
const sectorTitles = titleOf(sectors as { oneOf: Entry[] });
const categoryTitles = titleOf(categories as { oneOf: Entry[] });
const mailingTitles = titleOf(mailingTypes as { oneOf: Entry[] });
const categoryParent = new Map((categories as { oneOf: Entry[] }).oneOf.map((e) => [String(e.const), e['x-parent'] === undefined ? null : String(e['x-parent'])]));

/** The code-table title of a label (companies are titled from the training documents). */
export function codeTitle(target: PredictionTarget, label: string): string | null {
  if (target === 'sector') return sectorTitles.get(label) ?? null;
  if (target === 'category') return categoryTitles.get(label) ?? null;
  if (target === 'mailing_type') return mailingTitles.get(label) ?? null;
  return null;
}

/** The sector a category belongs to (codes/categories x-parent), for building a chain on accept. */
export function parentOfCategory(category: string): string | null {
  return categoryParent.get(category) ?? null;
}
