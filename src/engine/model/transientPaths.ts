import type { MetadataModel } from './MetadataModel';
import type { BlockMeta } from '../types';

/** A block that is editor or dialog state (move_and_delete, send_link, sector_draft, promotion.form). */
export function isTransientBlock(b: BlockMeta): boolean {
  const s = b.schema;
  const xb = (s['x-block'] ?? {}) as Record<string, unknown>;
  return s['x-transient'] === true || xb['x-transient'] === true;
}

/**
 * Document paths that hold editor state, never stored with the product: fields marked
 * `x-transient` and the paths of dialog blocks (docs/decisions/server-enforces-rules.md).
 */
export function transientPaths(model: MetadataModel): string[][] {
  const out: string[][] = [];
  for (const b of model.blocks) if (isTransientBlock(b)) out.push(b.segs);
  for (const f of model.fields) if (f.schema['x-transient'] === true) out.push(f.segs);
  return out;
}

/** A copy of `doc` without the given paths (containers along a path are copied, the rest shared). */
export function withoutPaths(doc: Record<string, unknown>, paths: readonly string[][]): Record<string, unknown> {
  let out = doc;
  for (const segs of paths) out = removeIn(out, segs) as Record<string, unknown>;
  return out;
}

function removeIn(node: unknown, segs: readonly string[]): unknown {
  if (!segs.length || node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const obj = node as Record<string, unknown>;
  const [head, ...rest] = segs;
  if (!(head in obj)) return node;
  if (!rest.length) {
    const { [head]: _dropped, ...kept } = obj;
    return kept;
  }
  const child = removeIn(obj[head], rest);
  return child === obj[head] ? node : { ...obj, [head]: child };
}
