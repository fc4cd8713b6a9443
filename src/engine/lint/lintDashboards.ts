import type { ValidateFunction } from 'ajv';
import { collectRootVars } from '../logic/collectVars';
import { compileLogic, LogicCompileError } from '../logic/compileLogic';
import type { OpRegistry } from '../logic/OpRegistry';
import type { LintProblem, Metadata } from '../types';
import { pointerToJsonPath } from './jsonPath';
import { compileSchema } from '../schema/compileSchema';
import { metaSchemas } from './metaSchemas';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The status table the dashboards' annotations live in (000 §4). */
const statusFile = 'schemas/codes/email_status.json';

let validators: { dashboard: ValidateFunction; rules: ValidateFunction } | null = null;
function getValidators() {
  validators ??= (() => {
    const options = { allErrors: true, strict: false };
    return { dashboard: compileSchema({ options, root: metaSchemas.dashboard }), rules: compileSchema({ options, root: metaSchemas.dashboardRules }) };
  })();
  return validators;
}

/**
 * schemas/dashboards/ and rules/dashboards/: each file against its meta-schema, then the
 * cross-checks: `$ref`s name code tables, column keys are unique, toolbar and status annotations
 * name dashboards that exist, email-type toggles are fields of the search form, and every rule of a
 * search form names that form's fields (its `var`s, `set`, `field`, `clear`) with operations that exist.
 */
export function lintDashboards(metadata: Metadata, ops: OpRegistry): LintProblem[] {
  const problems: LintProblem[] = [];
  const add = (file: string, path: string, message: string) => problems.push({ file, path, message });
  const v = getValidators();
  const files = Object.keys(metadata.files).sort();
  const codeIds = new Set(files.filter((f) => f.startsWith('schemas/codes/')).map((f) => String((metadata.files[f] as Obj | undefined)?.$id ?? '')));

  for (const file of files) {
    const content = metadata.files[file];
    const kind = file.startsWith('schemas/dashboards/') ? 'dashboard' : file.startsWith('rules/dashboards/') ? 'rules' : null;
    if (!kind || !file.endsWith('.json')) continue;
    const validate = v[kind];
    if (!validate(content)) {
      for (const e of validate.errors ?? []) add(file, pointerToJsonPath(e.instancePath), e.keyword === 'additionalProperties' ? `unknown key "${String((e.params as Obj).additionalProperty)}"` : (e.message ?? e.keyword));
      continue;
    }
    if (kind === 'dashboard') checkDashboard(file, content as Obj, codeIds, add);
    else checkSearchRules(file, content as Obj, searchFieldsFor(metadata, file), resetKeysFor(metadata, file), ops, add);
  }
  checkStatusAnnotations(metadata, add);
  return problems;
}

type Add = (file: string, path: string, message: string) => void;

function checkDashboard(file: string, d: Obj, codeIds: Set<string>, add: Add) {
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${path}[${i}]`));
    else if (isObj(node)) {
      if (typeof node.$ref === 'string' && !codeIds.has(node.$ref)) add(file, `${path}.$ref`, `unresolved $ref "${node.$ref}" (no code table has that $id)`);
      for (const [k, val] of Object.entries(node)) walk(val, `${path}${/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `["${k}"]`}`);
    }
  };
  walk(d, '$');
  const seen = new Set<string>();
  asArray(d.columns).forEach((c, i) => {
    const key = String((c as Obj).key);
    if (seen.has(key)) add(file, `$.columns[${i}].key`, `duplicate column key "${key}"`);
    seen.add(key);
  });
  const dashboards = new Set(asArray(d.dashboards).map((x) => String((x as Obj).key)));
  asArray(d.toolbar).forEach((t, i) => {
    asArray((t as Obj).dashboards).forEach((k, j) => {
      if (!dashboards.has(String(k))) add(file, `$.toolbar[${i}].dashboards[${j}]`, `unknown dashboard "${String(k)}"`);
    });
  });
}

/** The search form a rule file drives: the same name under schemas/dashboards (its properties and defaults, or its `search` part). */
function searchFormOf(metadata: Metadata, rulesFile: string): Obj | undefined {
  const form = metadata.files[rulesFile.replace(/^rules\//, 'schemas/')];
  return isObj(form) ? form : undefined;
}

function searchFieldsFor(metadata: Metadata, rulesFile: string): Set<string> | null {
  const form = searchFormOf(metadata, rulesFile);
  if (!form) return null;
  const search = isObj(form.search) ? form.search : form;
  return new Set([
    ...Object.keys(isObj(search.properties) ? search.properties : {}),
    ...Object.keys(isObj(search['x-defaults']) ? search['x-defaults'] : {}),
    ...Object.keys(isObj(search.defaults) ? search.defaults : {}),
  ]);
}

/** The list state a reset may set (000 §4): the dashboards' `defaults` keys. */
function resetKeysFor(metadata: Metadata, rulesFile: string): Set<string> {
  const form = searchFormOf(metadata, rulesFile);
  const list = isObj(form?.defaults) ? form : (metadata.files['schemas/dashboards/emails.json'] as Obj | undefined);
  return new Set([...Object.keys(isObj(list?.defaults) ? list.defaults : {})]);
}

function checkSearchRules(file: string, r: Obj, fields: Set<string> | null, resetKeys: Set<string>, ops: OpRegistry, add: Add) {
  if (!fields) {
    add(file, '$', `no search form ${file.replace(/^rules\//, 'schemas/')} for these rules`);
    return;
  }
  const field = (name: unknown, path: string) => {
    if (typeof name === 'string' && !fields.has(name)) add(file, path, `unknown search field "${name}"`);
  };
  const logic = (l: unknown, path: string, scoped: boolean) => {
    try {
      compileLogic(l, ops);
    } catch (e) {
      if (e instanceof LogicCompileError) add(file, path, e.message);
      else throw e;
      return;
    }
    for (const name of collectRootVars(l).names) {
      const segs = name.split('.');
      const f = scoped ? (segs[0] === 'prev' || segs[0] === 'next' ? segs[1] : undefined) : segs[0];
      if (f === undefined || !fields.has(f)) add(file, path, scoped ? `var "${name}" must be prev.<field> or next.<field> of the search form` : `var "${name}" is not a search field`);
    }
  };
  asArray(r.onToggle).forEach((t, i) => {
    const o = t as Obj;
    field(o.field, `$.onToggle[${i}].field`);
    logic(o.when, `$.onToggle[${i}].when`, true);
    for (const k of Object.keys(isObj(o.set) ? o.set : {})) field(k, `$.onToggle[${i}].set.${k}`);
  });
  const cq = r.clearQuery as Obj;
  asArray(cq.fields).forEach((f, i) => field(f, `$.clearQuery.fields[${i}]`));
  logic(cq.when, '$.clearQuery.when', true);
  asArray(r.checks).forEach((c, i) => {
    const o = c as Obj;
    field(o.field, `$.checks[${i}].field`);
    field(o.clear, `$.checks[${i}].clear`);
    logic(o.when, `$.checks[${i}].when`, false);
  });
  for (const k of ['dashboardSwitch', 'clear', 'search']) {
    const reset = isObj(r[k]) ? (r[k] as Obj).reset : undefined;
    for (const key of Object.keys(isObj(reset) ? reset : {})) {
      if (!resetKeys.has(key)) add(file, `$.${k}.reset.${key}`, `"${key}" is not a list default (defaults of the dashboard)`);
    }
  }
}

/** The status table's x- annotations name dashboards and search-form toggles that exist. */
function checkStatusAnnotations(metadata: Metadata, add: Add) {
  const table = metadata.files[statusFile] as Obj | undefined;
  const emails = metadata.files['schemas/dashboards/emails.json'] as Obj | undefined;
  const search = metadata.files['schemas/dashboards/email_search.json'] as Obj | undefined;
  if (!table || !emails) return;
  const dashboards = new Set(asArray(emails.dashboards).map((d) => String((d as Obj).key)));
  const toggles = new Set(Object.keys(isObj(search?.properties) ? search.properties : {}));
  const keys = new Set<string>();
  asArray(table.oneOf).forEach((e, i) => {
    const o = e as Obj;
    const key = o['x-key'];
    if (typeof key !== 'string') add(statusFile, `$.oneOf[${i}]`, 'missing "x-key" (statuses are referred to by key)');
    else if (keys.has(key)) add(statusFile, `$.oneOf[${i}]["x-key"]`, `duplicate x-key "${key}"`);
    else keys.add(key);
    asArray(o['x-dashboards']).forEach((d, j) => {
      if (!dashboards.has(String(d))) add(statusFile, `$.oneOf[${i}]["x-dashboards"][${j}]`, `unknown dashboard "${String(d)}" (dashboards of schemas/dashboards/emails.json)`);
    });
    for (const flag of ['x-selectable', 'x-locked', 'x-bulk', 'x-glacier-refused']) {
      if (flag in o && typeof o[flag] !== 'boolean') add(statusFile, `$.oneOf[${i}]["${flag}"]`, 'must be true or false');
    }
    const type = o['x-email-type'];
    if (type !== undefined && !toggles.has(String(type))) add(statusFile, `$.oneOf[${i}]["x-email-type"]`, `unknown search field "${String(type)}"`);
  });
  asArray(emails.dashboards).forEach((d, i) => {
    for (const k of Object.keys(isObj((d as Obj).emailTypes) ? ((d as Obj).emailTypes as Obj) : {})) {
      if (!toggles.has(k)) add('schemas/dashboards/emails.json', `$.dashboards[${i}].emailTypes.${k}`, `unknown search field "${k}"`);
    }
  });
}
