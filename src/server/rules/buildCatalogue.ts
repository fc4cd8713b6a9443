import type { CatalogueCodeTable, CatalogueRule, RuleCatalogue } from '../../api/rulesTypes';
import type { Engine } from '../../engine';
import { collectFields } from '../../engine/diff/collectFields';
import { describeRule, targetTitle } from '../../engine/diff/describeRule';

/** Every rule in plain words and every code table with the fields that use it: the catalogue analysts read. */
export function buildCatalogue(engine: Engine, version: string): RuleCatalogue {
  const m = engine.model;
  const rules: CatalogueRule[] = m.rules.map((r) => ({
    id: r.id,
    kind: r.kind,
    target: r.target,
    targetLabel: targetTitle(r.target, m),
    words: describeRule(r, m),
    ...(r.message !== undefined ? { message: r.message } : {}),
    ...(r.severity === 'warning' ? { severity: 'warning' as const } : {}),
    actions: r.actions ?? [],
    source: r.source ?? '',
    ...(r.description ? { description: r.description } : {}),
    file: r.file,
    jsonPath: r.jsonPath,
  }));
  const usedBy = new Map<string, string[]>();
  for (const f of collectFields(m).values()) {
    if (!f.table) continue;
    if (!usedBy.has(f.table)) usedBy.set(f.table, []);
    usedBy.get(f.table)!.push(f.path);
  }
  const codeTables: CatalogueCodeTable[] = [...m.codeTables.values()]
    .map((t) => {
      const schema = m.schemas.get(t.id)?.schema ?? {};
      return {
        id: t.id,
        title: t.title,
        type: t.type,
        source: typeof schema['x-source'] === 'string' ? schema['x-source'] : '',
        file: t.file,
        sample: schema['x-sample'] === true,
        usedBy: usedBy.get(t.id) ?? [],
        entries: t.entries.map(({ const: c, title, ...rest }) => ({
          const: c,
          title,
          sample: rest['x-sample'] === true,
          extra: Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'x-sample')),
        })),
      };
    })
    .sort((a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : 1));
  return { version, rules, codeTables };
}
