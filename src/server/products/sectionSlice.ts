import type { MetadataModel } from '../../engine';
import { getIn } from '../../engine/model/paths';
import { isTransientBlock } from '../../engine/model/transientPaths';

/**
 * The per-section loaders of 002 §7 as one generic rule: `section` is a block id of the metadata
 * (its fields' values: the object at its path, or the root-level fields it shows) or a field path
 * (that field's value). undefined when the metadata names no such section; dialog blocks hold no
 * stored data and are not sections.
 */
export function sectionSlice(model: MetadataModel, doc: Record<string, unknown>, section: string): { found: boolean; payload?: unknown } {
  const block = model.blockById.get(section);
  if (block && !isTransientBlock(block)) {
    const out: Record<string, unknown> = {};
    for (const path of block.fields) {
      const f = model.fieldByPath.get(path);
      if (!f || f.schema['x-transient'] === true) continue;
      // Fields are named relative to the block's path, as the sub-form posts them.
      const rel = block.segs.length && f.segs.length > block.segs.length ? f.segs.slice(block.segs.length).join('.') : f.path;
      const v = getIn(doc, f.segs);
      out[rel] = v === undefined ? null : v;
    }
    return { found: true, payload: out };
  }
  const field = model.fieldByPath.get(section);
  if (field && field.schema['x-transient'] !== true && !(model.blockById.get(field.block) && isTransientBlock(model.blockById.get(field.block)!))) {
    const v = getIn(doc, field.segs);
    return { found: true, payload: v === undefined ? null : v };
  }
  return { found: false };
}
