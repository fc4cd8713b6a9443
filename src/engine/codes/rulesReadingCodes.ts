import { visitCodeLiterals } from '../lint/checkCodeLiterals';
import { ruleLocation } from '../lint/ruleLocation';
import type { MetadataModel } from '../model/MetadataModel';
import { ruleTypeScope } from '../model/resolveCodeKeys';

/** A place in a rule file where a rule names a code (by number or key). */
export interface CodeReader {
  code: string | number;
  rule: string;
  file: string;
  /** JSONPath in the file: `$.rules[3].when.and[1].in[1][2]`. */
  path: string;
}

const logicKeys = ['when', 'valid', 'value', 'filter'] as const;

/**
 * Where rules compare a coded value with one of `codes` of table `tableId`, or derive it as a
 * literal: the readers that would break if those codes left the table. Keys are already resolved
 * to codes in the model, so a rule naming a code by key is found too.
 */
export function rulesReadingCodes(model: MetadataModel, tableId: string, codes: ReadonlyArray<string | number>): CodeReader[] {
  const wanted = new Set(codes.map(String));
  const out: CodeReader[] = [];
  for (const r of model.rules) {
    const scope = ruleTypeScope(r, model);
    for (const key of logicKeys) {
      if (r[key] === undefined) continue;
      visitCodeLiterals(r[key], scope, model, [], (value, tables, segs) => {
        if ((typeof value === 'string' || typeof value === 'number') && wanted.has(String(value)) && tables.some((t) => t.id === tableId)) {
          out.push({ code: value, rule: r.id, file: r.file, path: ruleLocation(r, key, segs) });
        }
      });
    }
    const derived = r.kind === 'derive' ? model.fieldByPath.get(r.target)?.codeTable : undefined;
    if (derived?.id === tableId) {
      const values = Array.isArray(r.value) ? r.value : [r.value];
      values.forEach((v, i) => {
        if ((typeof v === 'string' || typeof v === 'number') && wanted.has(String(v))) {
          out.push({ code: v, rule: r.id, file: r.file, path: `${r.jsonPath}.value${Array.isArray(r.value) ? `[${i}]` : ''}` });
        }
      });
    }
  }
  return out;
}
