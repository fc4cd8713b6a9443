import type { ErrorObject, ValidateFunction } from 'ajv';
import { fileKind, sortedFiles } from '../model/buildModel';
import type { LintProblem, Metadata } from '../types';
import { pointerToJsonPath } from './jsonPath';
import { compileSchema } from '../schema/compileSchema';
import { metaSchemas } from './metaSchemas';

let validators: Record<'code-table' | 'block' | 'schema' | 'rules', ValidateFunction> | null = null;

// Compiled once per process; ajv generates code, so this runs where lint runs (server, CLI, tests).
function getValidators() {
  if (!validators) {
    const options = { allErrors: true, strict: false };
    const refs = [{ schema: metaSchemas.fieldSchema }];
    validators = {
      'code-table': compileSchema({ options, refs, root: metaSchemas.codeTable }),
      block: compileSchema({ options, refs, root: metaSchemas.block }),
      schema: compileSchema({ options, refs, root: { $ref: 'meta/field-schema' } }),
      rules: compileSchema({ options, refs, root: metaSchemas.ruleFile }),
    };
  }
  return validators;
}

function describe(e: ErrorObject): { path: string; message: string } {
  const path = pointerToJsonPath(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return { path, message: `unknown key "${String(p.additionalProperty)}"` };
    case 'required':
      return { path, message: `missing "${String(p.missingProperty)}"` };
    case 'enum':
      return { path, message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { path, message: e.message ?? e.keyword };
  }
}

/** Every file against the meta-schema of its kind. */
export function validateFiles(metadata: Metadata): LintProblem[] {
  const v = getValidators();
  const out: LintProblem[] = [];
  for (const file of sortedFiles(metadata)) {
    const content = metadata.files[file];
    const kind = fileKind(file, content);
    if (kind === 'ignored') continue;
    const validate = v[kind];
    if (validate(content)) continue;
    const seen = new Set<string>();
    for (const e of validate.errors ?? []) {
      if (e.keyword === 'if' || e.keyword === 'allOf' || e.keyword === 'anyOf') continue;
      const d = describe(e);
      const key = `${d.path}|${d.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ file, ...d });
    }
  }
  return out;
}
