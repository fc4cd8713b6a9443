import type { CatalogueCodeTable, CatalogueRule, RuleCatalogue } from '../../api/rulesTypes';

const norm = (s: string) => s.toLowerCase();

/** Words of the query; every one must appear somewhere in what is searched. */
function tokens(query: string): string[] {
  return norm(query).split(/\s+/).filter(Boolean);
}

const ruleText = (r: CatalogueRule) => norm([r.id, r.kind, r.target, r.targetLabel, r.words, r.message ?? '', r.actions.join(' '), r.source, r.description ?? '', r.file].join('\n'));

/**
 * The rules and code tables matching a search (every word, anywhere: id, plain words, message,
 * source, target, code titles) and a rule kind. A table found by some of its codes keeps only those.
 */
export function filterCatalogue(cat: RuleCatalogue, query: string, kind = ''): { rules: CatalogueRule[]; codeTables: CatalogueCodeTable[] } {
  const words = tokens(query);
  const matches = (text: string) => words.every((w) => text.includes(w));
  const rules = cat.rules.filter((r) => (!kind || r.kind === kind) && matches(ruleText(r)));
  const codeTables: CatalogueCodeTable[] = [];
  for (const t of cat.codeTables) {
    const head = norm([t.id, t.title, t.source, t.usedBy.join(' ')].join('\n'));
    if (matches(head)) {
      codeTables.push(t);
      continue;
    }
    const entries = t.entries.filter((e) => matches(`${head}\n${norm(`${String(e.const)} ${e.title}`)}`));
    if (entries.length) codeTables.push({ ...t, entries });
  }
  return { rules, codeTables };
}

/** The rule kinds present, for the kind filter. */
export function ruleKinds(cat: RuleCatalogue): string[] {
  return [...new Set(cat.rules.map((r) => r.kind))].sort();
}
