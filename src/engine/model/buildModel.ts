import type { BlockMeta, CodeEntry, CodeTable, FieldMeta, HiddenPolicy, LocatedRule, Metadata, RuleDef } from '../types';
import type { MetadataModel, SchemaFile } from './MetadataModel';
import { jsonPath } from '../lint/jsonPath';
import { expandGates, type GateUse } from './expandGates';
import { splitPath } from './paths';
import { resolveCodeKeys } from './resolveCodeKeys';
import { idFromFile, normalizeRef } from './refs';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const policies: HiddenPolicy[] = ['clear', 'keep', 'skip'];
const asPolicy = (v: unknown): HiddenPolicy | undefined => (policies.includes(v as HiddenPolicy) ? (v as HiddenPolicy) : undefined);

export type FileKind = 'code-table' | 'block' | 'schema' | 'rules' | 'ignored';

/**
 * The product metadata is schemas/codes/**, schemas/product/** and rules/product/**. Other folders
 * (schemas/admin, schemas/dashboards, rules/dashboards, ...) belong to other features, which read
 * them in formats of their own; the engine leaves them alone.
 */
export function fileKind(file: string, content: unknown): FileKind {
  if (!file.endsWith('.json')) return 'ignored';
  if (file.startsWith('schemas/codes/')) return 'code-table';
  if (file.startsWith('schemas/product/')) return isObj(content) && 'x-block' in content ? 'block' : 'schema';
  if (file.startsWith('rules/product/')) return 'rules';
  return 'ignored';
}

export function sortedFiles(metadata: Metadata): string[] {
  return Object.keys(metadata.files).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Composes the files into a model; malformed parts are skipped (lint names them). `preparedRules`:
 * the rules a build already composed from the same files (gates expanded, codes by key resolved),
 * taken as they are instead of composed again (the browser's first load, issue 31 item 7).
 */
export function buildModel(metadata: Metadata, preparedRules?: readonly LocatedRule[]): MetadataModel {
  const codeTables = new Map<string, CodeTable>();
  const schemas = new Map<string, SchemaFile>();
  const blockFiles: SchemaFile[] = [];
  const rules: LocatedRule[] = [];

  for (const file of sortedFiles(metadata)) {
    const content = metadata.files[file];
    const kind = fileKind(file, content);
    if (kind === 'ignored' || !isObj(content) && kind !== 'rules') continue;
    if (kind === 'rules') {
      if (preparedRules) continue;
      const list = isObj(content) && Array.isArray(content.rules) ? content.rules : [];
      const gates = isObj(content) && isObj(content.gates) ? content.gates : null;
      list.forEach((r, i) => {
        if (!isObj(r)) return;
        const rule: LocatedRule = { ...(r as unknown as RuleDef), file, jsonPath: `$.rules[${i}]`, index: rules.length };
        if (gates) {
          const uses: GateUse[] = [];
          for (const key of ['when', 'valid', 'value', 'filter'] as const) if (rule[key] !== undefined) rule[key] = expandGates(rule[key], gates, key, uses);
          if (uses.length) rule.gates = uses;
        }
        rules.push(rule);
      });
      continue;
    }
    const schema = content as Obj;
    const id = typeof schema.$id === 'string' ? normalizeRef(schema.$id) : idFromFile(file);
    if (!schemas.has(id)) schemas.set(id, { id, file, schema });
    if (kind === 'code-table' && !codeTables.has(id)) codeTables.set(id, toCodeTable(id, file, schema));
    if (kind === 'block') blockFiles.push({ id, file, schema });
  }

  const blocks = orderBlocks(blockFiles.map(toBlock).filter((b): b is BlockMeta => b !== null));
  const blockById = new Map<string, BlockMeta>();
  for (const b of blocks) if (!blockById.has(b.id)) blockById.set(b.id, b);

  const fields: FieldMeta[] = [];
  const fieldByPath = new Map<string, FieldMeta>();
  const rootSchema: Obj = { type: 'object', properties: {} };
  for (const b of blocks) {
    const props = isObj(b.schema.properties) ? b.schema.properties : {};
    const container = containerAt(rootSchema, b.segs);
    for (const [key, raw] of Object.entries(props)) {
      if (!isObj(raw)) continue;
      const path = b.path ? `${b.path}.${key}` : key;
      if (!(key in (container.properties as Obj))) (container.properties as Obj)[key] = raw;
      if (fieldByPath.has(path)) continue;
      const f = toField(path, key, raw, b, codeTables);
      fields.push(f);
      fieldByPath.set(path, f);
      b.fields.push(path);
    }
  }
  // A block that groups fields of its parent's path (delivery_details) takes them over.
  for (const b of blocks) {
    const listed = b.schema['x-block'] && (b.schema['x-block'] as Obj).fields;
    if (!Array.isArray(listed)) continue;
    for (const name of listed) {
      if (typeof name !== 'string') continue;
      const path = fieldByPath.has(b.path ? `${b.path}.${name}` : name) ? (b.path ? `${b.path}.${name}` : name) : name;
      const f = fieldByPath.get(path);
      if (!f || f.block === b.id) continue;
      const owner = blockById.get(f.block);
      if (owner) owner.fields = owner.fields.filter((p) => p !== path);
      f.block = b.id;
      if (!isObj(f.schema) || f.schema['x-hidden'] === undefined) f.hidden = b.hidden;
      b.fields.push(path);
    }
  }
  const model: MetadataModel = { codeTables, schemas, blocks, blockById, fields, fieldByPath, rootSchema, rules };
  // Codes named by key in rules become their ids before anything reads the rules.
  model.rules = preparedRules ? [...preparedRules] : rules.map((r) => resolveCodeKeys(r, model));
  return model;
}

function toCodeTable(id: string, file: string, schema: Obj): CodeTable {
  const entries = (Array.isArray(schema.oneOf) ? schema.oneOf : []).filter(
    (e): e is CodeEntry => isObj(e) && 'const' in e,
  );
  const byValue = new Map<unknown, CodeEntry>();
  for (const e of entries) if (!byValue.has(e.const)) byValue.set(e.const, e);
  const annotations: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) if (k.startsWith('x-')) annotations[k] = v;
  return { id, file, title: typeof schema.title === 'string' ? schema.title : id, type: String(schema.type ?? ''), entries, byValue, annotations };
}

function toBlock(s: SchemaFile): BlockMeta | null {
  const xb = s.schema['x-block'];
  if (!isObj(xb) || typeof xb.id !== 'string') return null;
  const path = typeof xb.path === 'string' ? xb.path : '';
  return {
    id: xb.id,
    title: typeof s.schema.title === 'string' ? s.schema.title : xb.id,
    path,
    segs: splitPath(path),
    parent: typeof xb.parent === 'string' ? xb.parent : undefined,
    order: typeof xb.order === 'number' ? xb.order : 0,
    hidden: asPolicy(xb.hidden) ?? 'skip',
    source: typeof xb.source === 'string' ? xb.source : '',
    file: s.file,
    fields: [],
    schema: s.schema,
  };
}

/** Sorted by order then id, with every parent before its children. */
function orderBlocks(blocks: BlockMeta[]): BlockMeta[] {
  const sorted = [...blocks].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byId = new Map(sorted.map((b) => [b.id, b]));
  const out: BlockMeta[] = [];
  const placed = new Set<BlockMeta>();
  const visiting = new Set<BlockMeta>();
  const place = (b: BlockMeta) => {
    if (placed.has(b) || visiting.has(b)) return;
    visiting.add(b);
    const p = b.parent ? byId.get(b.parent) : undefined;
    if (p) place(p);
    placed.add(b);
    out.push(b);
  };
  sorted.forEach(place);
  return out;
}

function containerAt(root: Obj, segs: string[]): Obj {
  let c = root;
  for (const s of segs) {
    const props = c.properties as Obj;
    if (!isObj(props[s])) props[s] = { type: 'object', properties: {} };
    const next = props[s] as Obj;
    if (!isObj(next.properties)) next.properties = {};
    c = next;
  }
  return c;
}

function toField(path: string, key: string, schema: Obj, block: BlockMeta, codeTables: Map<string, CodeTable>): FieldMeta {
  const ui = isObj(schema['x-ui']) ? schema['x-ui'] : {};
  let codeTable: CodeTable | undefined;
  let multi = false;
  if (typeof schema.$ref === 'string') codeTable = codeTables.get(normalizeRef(schema.$ref));
  else if (isObj(schema.items) && typeof schema.items.$ref === 'string') {
    codeTable = codeTables.get(normalizeRef(schema.items.$ref));
    multi = !!codeTable;
  }
  const title = typeof ui.label === 'string' ? ui.label : typeof schema.title === 'string' ? schema.title : key;
  return {
    path,
    segs: splitPath(path),
    block: block.id,
    title,
    schema,
    codeTable,
    multi,
    hidden: asPolicy(schema['x-hidden']) ?? block.hidden,
    ui,
    file: block.file,
    jsonPath: jsonPath(['properties', key]),
  };
}
