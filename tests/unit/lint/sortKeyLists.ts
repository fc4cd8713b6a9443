import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { parsedSource } from './parsedSource';

/** A list of a dashboard's sort keys written out in TypeScript (an enum, a union type, an array). */
export interface SortKeyList {
  file: string;
  line: number;
  dashboard: string;
  keys: string[];
}

/** The sort keys of each list dashboard: its columns' `sort` and its `sortAliases`. */
export function readSortKeys(root: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const dir = join(root, 'schemas/dashboards');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const d = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { columns?: Array<{ sort?: unknown }>; sortAliases?: Record<string, unknown> };
    const keys = new Set([...(d.columns ?? []).map((c) => c.sort).filter((k): k is string => typeof k === 'string'), ...Object.keys(d.sortAliases ?? {})]);
    if (keys.size) out.set(f, keys);
  }
  return out;
}

/**
 * Three or more string literals, all sort keys of one dashboard, listed together (`enum: ['muid',
 * 'email_subject', 'email_date']`, `'muid' | 'email_subject' | ...`): a second place naming what
 * schemas/dashboards names. Lists holding anything else (a SELECT's columns) are not sort lists.
 */
export function findSortKeyLists(source: string, dashboards: ReadonlyMap<string, ReadonlySet<string>>, file = 'source.ts'): SortKeyList[] {
  const out: SortKeyList[] = [];
  const sf = parsedSource(file, source);
  const check = (node: ts.Node, items: readonly ts.Node[]) => {
    const keys = items.map((i) => (ts.isStringLiteral(i) ? i.text : ts.isLiteralTypeNode(i) && ts.isStringLiteral(i.literal) ? i.literal.text : null));
    if (keys.length < 3 || keys.some((k) => k === null)) return;
    for (const [dashboard, sorts] of dashboards) {
      if (keys.every((k) => sorts.has(k!))) {
        out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, dashboard, keys: keys as string[] });
        return;
      }
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node)) check(node, node.elements);
    else if (ts.isUnionTypeNode(node)) check(node, node.types);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
