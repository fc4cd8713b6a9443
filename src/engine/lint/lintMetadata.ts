import { compileRules, resolveTarget, RuleCompileError } from '../evaluate/compileRules';
import { collectRootVars } from '../logic/collectVars';
import { compileLogic, LogicCompileError } from '../logic/compileLogic';
import type { OpRegistry } from '../logic/OpRegistry';
import { areaFiles } from '../model/areaFiles';
import { formAreas } from '../model/formAreas';
import { buildModel, fileKind, sortedFiles } from '../model/buildModel';
import { gateName } from '../model/expandGates';
import type { MetadataModel } from '../model/MetadataModel';
import { pathsOverlap, splitPath } from '../model/paths';
import { normalizeRef } from '../model/refs';
import { resolveSchemaPath } from '../model/resolveSchemaPath';
import { defaultOps } from '../ops/defaultOps';
import type { LintProblem, LocatedRule, Metadata } from '../types';
import { checkChainTables } from './checkChainTables';
import { checkCodeLiterals } from './checkCodeLiterals';
import { checkConditions } from './checkConditions';
import { checkLoaders } from './checkLoaders';
import { checkFieldWidths } from './checkFieldWidths';
import { checkLayoutRows } from './checkLayoutRows';
import { checkPickedLists } from './checkPickedLists';
import { checkVars, type VarScope } from './checkVars';
import { jsonPath } from './jsonPath';
import { lintDashboards } from './lintDashboards';
import { ruleLocation } from './ruleLocation';
import { validateFiles } from './validateFiles';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const logicKeys = ['when', 'valid', 'value', 'filter'] as const;

/**
 * Meta-schema validation of every file, then the cross-checks: code ids unique per table, every
 * `$ref` resolves, block ids unique, rule ids unique, targets exist, every `var` names a field,
 * operations exist, message placeholders resolve, no derived-value cycles; typed checks: a literal
 * compared with a coded field is one of its codes, no condition is constant or contradictory, loader
 * annotations (`x-loader`) name fields, numeric widths fit the block's grid.
 */
export function lintMetadata(metadata: Metadata, ops: OpRegistry = defaultOps()): LintProblem[] {
  const problems = [...(metadata.problems ?? []), ...lintLayout(metadata, ops), ...lintDashboards(metadata, ops)];
  for (const area of formAreas(metadata)) problems.push(...lintArea(metadata, area, ops));
  return problems;
}

/**
 * Another form laid out like the product (`schemas/<area>/` blocks + `rules/<area>/` rules, e.g.
 * the forward editor): linted as the engine reads it (areaFiles), its problems named by their own files.
 */
function lintArea(metadata: Metadata, area: string, ops: OpRegistry): LintProblem[] {
  const back = (s: string) => s.replace(/\b(schemas|rules)\/product\//g, `$1/${area}/`);
  return lintLayout({ files: areaFiles(metadata.files, area) }, ops)
    .filter((p) => !p.file.startsWith('schemas/codes/'))
    .map((p) => ({ ...p, file: back(p.file), message: back(p.message) }));
}

/** The product layout alone: meta-schemas, code tables, blocks, rules, cycles, loaders, compilation. */
function lintLayout(metadata: Metadata, ops: OpRegistry): LintProblem[] {
  const problems: LintProblem[] = validateFiles(metadata);
  const model = buildModel(metadata);
  const add = (file: string, path: string, message: string) => problems.push({ file, path, message });

  checkCodeTables(model, add);
  checkChainTables(model, (p) => problems.push(p));
  checkSchemas(metadata, model, add);
  checkBlocks(metadata, model, add);
  checkRules(model, ops, add);
  checkGates(metadata, model, add);
  checkDeriveCycles(model, add);
  checkLoaders(model, (p) => problems.push(p));
  checkPickedLists(model, (p) => problems.push(p));
  checkLayoutRows(model, (p) => problems.push(p));
  checkFieldWidths(model, (p) => problems.push(p));
  if (!problems.length) {
    try {
      compileRules(model, ops);
    } catch (e) {
      if (e instanceof RuleCompileError) add(e.file, e.path, e.message.slice(e.file.length + e.path.length + 3));
      else throw e;
    }
  }
  // A problem inside a gate is found once per rule using it: report it once.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = `${p.file}\u0000${p.path}\u0000${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

type Add = (file: string, path: string, message: string) => void;

function checkCodeTables(model: MetadataModel, add: Add) {
  for (const t of model.codeTables.values()) {
    const seen = new Map<unknown, number>();
    t.entries.forEach((e, i) => {
      const first = seen.get(e.const);
      if (first !== undefined) add(t.file, `$.oneOf[${i}].const`, `duplicate code id ${JSON.stringify(e.const)} (also at $.oneOf[${first}])`);
      else seen.set(e.const, i);
      const want = t.type === 'integer' ? Number.isInteger(e.const) : t.type === 'string' ? typeof e.const === 'string' : true;
      if (!want) add(t.file, `$.oneOf[${i}].const`, `code id ${JSON.stringify(e.const)} is not of the table's type ${t.type}`);
    });
  }
}

function checkSchemas(metadata: Metadata, model: MetadataModel, add: Add) {
  const ids = new Map<string, string>();
  for (const file of sortedFiles(metadata)) {
    const content = metadata.files[file];
    const kind = fileKind(file, content);
    if (kind === 'ignored' || kind === 'rules' || !isObj(content)) continue;
    if (typeof content.$id === 'string') {
      const id = normalizeRef(content.$id);
      const other = ids.get(id);
      if (other) add(file, '$.$id', `duplicate $id "${content.$id}" (also in ${other})`);
      else ids.set(id, file);
    }
    walkRefs(content, [], (ref, at) => {
      if (ref.startsWith('#')) {
        if (!resolvePointer(content, ref.slice(1))) add(file, jsonPath([...at, '$ref']), `unresolved $ref "${ref}"`);
      } else if (!model.schemas.has(normalizeRef(ref))) {
        add(file, jsonPath([...at, '$ref']), `unresolved $ref "${ref}" (no code table or schema has that $id)`);
      }
    });
  }
}

function walkRefs(node: unknown, at: Array<string | number>, visit: (ref: string, at: Array<string | number>) => void) {
  if (Array.isArray(node)) node.forEach((n, i) => walkRefs(n, [...at, i], visit));
  else if (isObj(node)) {
    if (typeof node.$ref === 'string') visit(node.$ref, at);
    for (const [k, v] of Object.entries(node)) if (k !== 'x-ui' && k !== 'const' && k !== 'default') walkRefs(v, [...at, k], visit);
  }
}

function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return doc;
  let d = doc;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(d) && !Array.isArray(d)) return undefined;
    d = (d as Obj)[seg];
  }
  return d;
}

function checkBlocks(metadata: Metadata, model: MetadataModel, add: Add) {
  const seenBlock = new Map<string, string>();
  const seenField = new Map<string, string>();
  for (const file of sortedFiles(metadata)) {
    const content = metadata.files[file];
    if (fileKind(file, content) !== 'block' || !isObj(content)) continue;
    const xb = content['x-block'];
    if (!isObj(xb) || typeof xb.id !== 'string') continue;
    const other = seenBlock.get(xb.id);
    if (other) add(file, '$["x-block"].id', `duplicate block id "${xb.id}" (also in ${other})`);
    else seenBlock.set(xb.id, file);
    if (typeof xb.parent === 'string' && !model.blockById.has(xb.parent)) add(file, '$["x-block"].parent', `unknown parent block "${xb.parent}"`);
    const path = typeof xb.path === 'string' ? xb.path : '';
    if (Array.isArray(xb.fields)) {
      xb.fields.forEach((name, i) => {
        if (typeof name === 'string' && !model.fieldByPath.has(path ? `${path}.${name}` : name) && !model.fieldByPath.has(name)) {
          add(file, `$["x-block"].fields[${i}]`, `unknown field "${name}"`);
        }
      });
    }
    for (const key of Object.keys(isObj(content.properties) ? content.properties : {})) {
      const fieldPath = path ? `${path}.${key}` : key;
      const owner = seenField.get(fieldPath);
      if (owner) add(file, jsonPath(['properties', key]), `field "${fieldPath}" is also declared in ${owner}`);
      else seenField.set(fieldPath, file);
      if (model.blockById.has(fieldPath) && model.blockById.get(fieldPath)!.path !== fieldPath && !isObj((content.properties as Obj)[key])) {
        add(file, jsonPath(['properties', key]), `field "${fieldPath}" is not a schema`);
      }
    }
  }
}

function checkRules(model: MetadataModel, ops: OpRegistry, add: Add) {
  const seen = new Map<string, LocatedRule>();
  for (const r of model.rules) {
    if (typeof r.id !== 'string' || typeof r.kind !== 'string' || typeof r.target !== 'string') continue; // meta-schema said so
    const other = seen.get(r.id);
    if (other) add(r.file, `${r.jsonPath}.id`, `duplicate rule id "${r.id}" (also ${other.file}:${other.jsonPath})`);
    else seen.set(r.id, r);

    const target = resolveTarget(r, model);
    if (!target) {
      add(r.file, `${r.jsonPath}.target`, `unknown target "${r.target}" (no block id or field path)`);
    } else {
      if (r.kind === 'derive' && target.targetType !== 'field') add(r.file, `${r.jsonPath}.target`, `a derive rule sets a field path, not ${target.targetType === 'block' ? 'block' : 'an item pattern'} "${r.target}"`);
      if (r.kind === 'options') {
        const f = model.fieldByPath.get(r.target);
        if (!f?.codeTable) add(r.file, `${r.jsonPath}.target`, `options target "${r.target}" is not a field with a code table`);
      }
    }

    const scope: VarScope = target?.targetType === 'item'
      ? { kind: 'item', schema: resolveSchemaPath(model.rootSchema, [...target.itemArray!, '*'], model) ?? null, rootOfItemRule: true }
      : { kind: 'root', options: r.kind === 'options' };
    for (const key of logicKeys) {
      if (r[key] === undefined) continue;
      const gates = findGates(r[key], []);
      if (gates.length) {
        for (const g of gates) add(r.file, at(r, key, g.segs), `unknown gate "${g.name}" (no such name under "gates" in this file)`);
        continue;
      }
      try {
        compileLogic(r[key], ops);
      } catch (e) {
        if (!(e instanceof LogicCompileError)) throw e;
        add(r.file, `${r.jsonPath}.${key}`, e.message.replace('Unrecognized operation', 'unknown operation'));
        continue;
      }
      for (const p of checkVars(r[key], scope, model, [])) add(r.file, at(r, key, p.segs), p.message);
      const optionTable = r.kind === 'options' ? model.fieldByPath.get(r.target)?.codeTable : undefined;
      for (const p of checkCodeLiterals(r[key], { vars: scope, optionTable }, model, [])) add(r.file, at(r, key, p.segs), p.message);
      if (key !== 'value') for (const p of checkConditions(r[key], ops, [])) add(r.file, at(r, key, p.segs), p.message);
    }
    const derivedTable = r.kind === 'derive' ? model.fieldByPath.get(r.target)?.codeTable : undefined;
    if (derivedTable && (typeof r.value === 'number' || (typeof r.value === 'string' && r.value !== '')) && !derivedTable.byValue.has(r.value)) {
      add(r.file, `${r.jsonPath}.value`, `${JSON.stringify(r.value)} is not a code of ${derivedTable.title} (${derivedTable.id})`);
    }

    if (r.severity === 'warning' && r.kind !== 'validate') add(r.file, `${r.jsonPath}.severity`, `only validate rules can be warnings, not ${r.kind} rules`);
    if (typeof r.message === 'string') {
      for (const m of r.message.matchAll(/\{([$\w.]+)\}/g)) {
        const name = m[1];
        if (name === '$now' || name === '$action') continue;
        if (name.startsWith('$doc.')) {
          if (!resolveSchemaPath(model.rootSchema, splitPath(name.slice(5)), model)) add(r.file, `${r.jsonPath}.message`, `placeholder {${name}} names no field`);
          continue;
        }
        const segs = splitPath(name);
        const inItem = scope.kind === 'item' && scope.schema && resolveSchemaPath(scope.schema, segs, model);
        if (!inItem && !resolveSchemaPath(model.rootSchema, segs, model)) add(r.file, `${r.jsonPath}.message`, `placeholder {${name}} names no field`);
      }
    }
  }
}

/** Every gate of a rule file is used by one of its rules. */
function checkGates(metadata: Metadata, model: MetadataModel, add: Add) {
  for (const file of sortedFiles(metadata)) {
    const content = metadata.files[file];
    if (fileKind(file, content) !== 'rules' || !isObj(content) || !isObj(content.gates)) continue;
    const used = new Set(model.rules.filter((r) => r.file === file).flatMap((r) => (r.gates ?? []).map((g) => g.name)));
    for (const name of Object.keys(content.gates)) if (!used.has(name)) add(file, jsonPath(['gates', name]), `gate "${name}" is used by no rule`);
  }
}

/** The JSONPath of a place in a rule's logic: inside the gate it came from when it came from one. */
const at = ruleLocation;

/** `{"gate": name}` left in expanded logic: names the file's gates do not have. */
function findGates(logic: unknown, segs: Array<string | number>, out: Array<{ name: string; segs: Array<string | number> }> = []) {
  const name = gateName(logic);
  if (name !== undefined) out.push({ name, segs });
  else if (Array.isArray(logic)) logic.forEach((l, i) => findGates(l, [...segs, i], out));
  else if (isObj(logic)) for (const [k, v] of Object.entries(logic)) findGates(v, [...segs, k], out);
  return out;
}

/** Reads `$prev` in its condition: it fires on an edit, not on its own output. */
function guardedByPrev(r: LocatedRule): boolean {
  return collectRootVars(r.when).names.some((n) => n === '$prev' || n.startsWith('$prev.'));
}

/**
 * Derived-value cycles: rule A writes what rule B reads, ..., back to A. Rules guarded by a `$prev`
 * comparison are left out (they react to an edit, then stop); a rule reading its own target counts
 * unless it says `"idempotent": true`.
 */
function checkDeriveCycles(model: MetadataModel, add: Add) {
  const derive = model.rules.filter((r) => r.kind === 'derive' && typeof r.target === 'string' && !guardedByPrev(r));
  const reads = derive.map((r) => {
    const names: string[] = [];
    let dynamic = false;
    for (const k of ['when', 'value'] as const) {
      const v = collectRootVars(r[k]);
      names.push(...v.names);
      dynamic ||= v.dynamic;
    }
    return dynamic ? null : names.filter((n) => !n.startsWith('$')).map(splitPath);
  });
  const writes = derive.map((r) => splitPath(r.target));
  const edges = derive.map((r, i) =>
    derive
      .map((_, j) => j)
      .filter((j) => (j !== i || !r.idempotent) && (reads[j] === null || reads[j]!.some((p) => pathsOverlap(p, writes[i])))),
  );
  const state = new Array<number>(derive.length).fill(0); // 0 new, 1 on stack, 2 done
  const stack: number[] = [];
  const reported = new Set<number>();
  const dfs = (i: number) => {
    state[i] = 1;
    stack.push(i);
    for (const j of edges[i]) {
      if (state[j] === 1) {
        const cycle = stack.slice(stack.indexOf(j));
        const names = [...cycle, j].map((k) => derive[k].id).join(' -> ');
        for (const k of cycle) {
          if (reported.has(k)) continue;
          reported.add(k);
          add(derive[k].file, derive[k].jsonPath, `derived-value cycle: ${names}`);
        }
      } else if (state[j] === 0) dfs(j);
    }
    stack.pop();
    state[i] = 2;
  };
  derive.forEach((_, i) => state[i] === 0 && dfs(i));
}

