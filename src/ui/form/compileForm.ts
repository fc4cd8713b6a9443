import type { BlockModel, FieldModel, FormModel, LayoutItem } from './formModel';
import { resolveCodeTable } from './resolveCodeTable';
import type { BlockSchema, CodeTables, JsonSchema } from './types';

const cache = new WeakMap<readonly BlockSchema[], WeakMap<CodeTables, FormModel>>();

/**
 * Turns block schemas into the renderer's model: blocks in `x-block.order` (child blocks under their
 * parent), fields in `x-ui.order` then declaration order. Cached per (blocks, codes) pair.
 */
export function compileForm(blocks: readonly BlockSchema[], codes: CodeTables): FormModel {
  let byCodes = cache.get(blocks);
  if (!byCodes) cache.set(blocks, (byCodes = new WeakMap()));
  const hit = byCodes.get(codes);
  if (hit) return hit;

  const fields = new Map<string, FieldModel>();
  const blocksById = new Map<string, BlockModel>();
  for (const schema of blocks) {
    const xb = schema['x-block'];
    const prefix = xb.path ? `${xb.path}.` : '';
    const own = Object.entries(schema.properties ?? {}).map(([key, s], index) =>
      fieldModel(prefix + key, key, xb.id, s, index, codes, fields, true),
    );
    blocksById.set(xb.id, {
      id: xb.id,
      title: schema.title ?? xb.id,
      path: xb.path,
      order: xb.order ?? 0,
      schema,
      fields: sortFields(own),
      layout: [],
      children: [],
    });
  }
  // A child block that only lists `fields` takes those fields from its parent.
  for (const block of blocksById.values()) {
    const listed = block.schema['x-block'].fields;
    const parent = block.schema['x-block'].parent ? blocksById.get(block.schema['x-block'].parent) : undefined;
    if (!parent || !listed?.length) continue;
    const taken = parent.fields.filter((f) => listed.includes(f.key));
    parent.fields = parent.fields.filter((f) => !listed.includes(f.key));
    block.fields = sortFields([...block.fields, ...taken.map((f) => ({ ...f, blockId: block.id }))]);
  }
  for (const block of blocksById.values()) block.layout = layoutOf(block);
  const top: BlockModel[] = [];
  for (const block of blocksById.values()) {
    const parentId = block.schema['x-block'].parent;
    const parent = parentId ? blocksById.get(parentId) : undefined;
    (parent ? parent.children : top).push(block);
  }
  const byOrder = (a: BlockModel, b: BlockModel) => a.order - b.order;
  for (const block of blocksById.values()) block.children.sort(byOrder);
  top.sort(byOrder);
  const model: FormModel = { blocks: top, fields, blocksById };
  byCodes.set(codes, model);
  return model;
}

function fieldModel(
  path: string,
  key: string,
  blockId: string,
  schema: JsonSchema,
  index: number,
  codes: CodeTables,
  all: Map<string, FieldModel> | null,
  register: boolean,
): FieldModel {
  const ui = schema['x-ui'] ?? {};
  const items = schema.items;
  const itemCodes = items ? resolveCodeTable(items.$ref, codes) : undefined;
  const field: FieldModel = {
    path,
    key,
    blockId,
    schema,
    ui,
    title: ui.label ?? schema.title ?? key,
    codes: resolveCodeTable(schema.$ref, codes) ?? itemCodes ?? inlineCodes(schema, path),
    multiple: isArrayType(schema) && !(items && isObjectType(items)),
    index,
  };
  if (items && isObjectType(items) && items.properties) {
    // Item fields are addressed relative to the item; the list widget renders them per row.
    field.children = sortFields(
      Object.entries(items.properties).map(([k, s], i) => fieldModel(k, k, blockId, s, i, codes, null, false)),
    );
  } else if (isObjectType(schema) && schema.properties) {
    field.children = sortFields(
      Object.entries(schema.properties).map(([k, s], i) => fieldModel(`${path}.${k}`, k, blockId, s, i, codes, all, register)),
    );
  }
  if (register && all) all.set(path, field);
  return field;
}

/** An inline `oneOf: [{const, title}]` (or on `items`) acts as a code table of its own. */
function inlineCodes(schema: JsonSchema, path: string): FieldModel['codes'] {
  const oneOf = schema.oneOf ?? schema.items?.oneOf;
  if (!oneOf?.length || !oneOf.every((o) => o.const !== undefined)) return undefined;
  return {
    $id: `inline:${path}`,
    oneOf: oneOf.map((o) => ({ ...o, const: o.const as string | number, title: o.title ?? String(o.const) })),
  };
}

function isArrayType(s: JsonSchema): boolean {
  return s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'));
}

function isObjectType(s: JsonSchema): boolean {
  return s.type === 'object' || (!s.type && !!s.properties);
}

function sortFields(fields: FieldModel[]): FieldModel[] {
  const ord = (f: FieldModel) => f.ui.order ?? Number.MAX_SAFE_INTEGER;
  return [...fields].sort((a, b) => ord(a) - ord(b) || a.index - b.index);
}

/** The block's fields in order, each `x-block.rows` group (keys of its fields) drawn where its first field is. */
function layoutOf(block: BlockModel): LayoutItem[] {
  const groups = (block.schema['x-block'].rows ?? []) as string[][][];
  const byKey = new Map(block.fields.map((f) => [f.key, f]));
  const groupOf = new Map<string, number>();
  groups.forEach((rows, g) => rows.flat().forEach((key) => groupOf.set(key, g)));
  const out: LayoutItem[] = [];
  const placed = new Set<number>();
  for (const f of block.fields) {
    const g = groupOf.get(f.key);
    if (g === undefined) out.push({ field: f });
    else if (!placed.has(g)) {
      placed.add(g);
      const rows = groups[g]!.map((row) => row.map((key) => byKey.get(key)).filter((x): x is FieldModel => !!x)).filter((row) => row.length > 0);
      out.push({ rows });
    }
  }
  return out;
}
