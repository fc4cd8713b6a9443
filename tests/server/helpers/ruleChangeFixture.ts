import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Metadata } from '../../../src/engine/types';
import { projectRoot } from '../../../src/server/paths';

type Obj = Record<string, unknown>;

/**
 * tests/fixtures/rule-change/patch.json (a gate widened, a message reworded, a code retitled, a
 * field added) applied to a copy of loaded metadata, in memory; `set` overrides what an edit of
 * a rule sets (by rule id).
 */
export function applyRuleChangeFixture(m: Metadata, set: Record<string, Obj> = {}): Metadata {
  const files = structuredClone(m.files) as Record<string, Obj>;
  const patch = JSON.parse(readFileSync(join(projectRoot, 'tests/fixtures/rule-change/patch.json'), 'utf8')) as { edits: Obj[] };
  for (const edit of patch.edits) {
    if (typeof edit.rule === 'string') {
      const rule = Object.entries(files)
        .filter(([f]) => f.startsWith('rules/'))
        .flatMap(([, c]) => (Array.isArray(c.rules) ? (c.rules as Obj[]) : []))
        .find((r) => r.id === edit.rule);
      if (!rule) throw new Error(`fixture change: no rule ${edit.rule}`);
      Object.assign(rule, edit.set, set[edit.rule]);
    } else if (typeof edit.codeTable === 'string') {
      Object.assign((files[edit.codeTable].oneOf as Obj[]).find((e) => e.const === edit.code)!, edit.set);
    } else {
      (files[String(edit.file)].properties as Obj)[String(edit.property)] = edit.value;
    }
  }
  return { files };
}
