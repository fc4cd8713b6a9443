import type { MetadataModel } from '../model/MetadataModel';
import { normalizeRef } from '../model/refs';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field of the composed model, nested item fields included (`promotion.promotions.*.promotion_type`). */
export interface FieldEntry {
  path: string;
  block: string;
  label: string;
  schema: Obj;
  /** Listed in its parent's `required` or starred with `x-ui.requiredMark`. */
  required: boolean;
  /** Code table id the field takes its values from (single or multi). */
  table?: string;
  file: string;
}

function tableOf(schema: Obj): string | undefined {
  if (typeof schema.$ref === 'string') return normalizeRef(schema.$ref);
  if (isObj(schema.items) && typeof schema.items.$ref === 'string') return normalizeRef(schema.items.$ref);
  return undefined;
}

function labelOf(key: string, schema: Obj): string {
  const ui = isObj(schema['x-ui']) ? schema['x-ui'] : {};
  return typeof ui.label === 'string' ? ui.label : typeof schema.title === 'string' ? schema.title : key;
}

function starred(schema: Obj): boolean {
  return isObj(schema['x-ui']) && schema['x-ui'].requiredMark === true;
}

/** Every field by path, in model order, with the item fields of list and object fields after their owner. */
export function collectFields(model: MetadataModel): Map<string, FieldEntry> {
  const out = new Map<string, FieldEntry>();
  const blockRequired = new Map<string, string[]>();
  for (const b of model.blocks) blockRequired.set(b.id, Array.isArray(b.schema.required) ? (b.schema.required as string[]) : []);

  const walk = (path: string, key: string, schema: Obj, parentRequired: string[], block: string, file: string) => {
    if (out.has(path)) return;
    out.set(path, {
      path, block, file, schema,
      label: labelOf(key, schema),
      required: parentRequired.includes(key) || starred(schema),
      table: tableOf(schema),
    });
    const nested = isObj(schema.items) && isObj(schema.items.properties) ? { obj: schema.items, prefix: `${path}.*` } : isObj(schema.properties) ? { obj: schema, prefix: path } : null;
    if (!nested) return;
    const req = Array.isArray(nested.obj.required) ? (nested.obj.required as string[]) : [];
    for (const [k, s] of Object.entries(nested.obj.properties as Obj)) if (isObj(s)) walk(`${nested.prefix}.${k}`, k, s, req, block, file);
  };
  for (const f of model.fields) {
    const key = f.segs[f.segs.length - 1] ?? f.path;
    const owner = model.blockById.get(f.block);
    // A grouped field (delivery_details) keeps the required list of the block that declares it.
    const declaring = model.blocks.find((b) => b.file === f.file) ?? owner;
    walk(f.path, key, f.schema as Obj, blockRequired.get(declaring?.id ?? f.block) ?? [], f.block, f.file);
  }
  return out;
}
