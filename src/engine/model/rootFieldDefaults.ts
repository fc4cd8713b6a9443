import type { MetadataModel } from './MetadataModel';

/** The schema `default` of every product-level field (blocks at the document root), as a new product starts. */
export function rootFieldDefaults(model: MetadataModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const b of model.blocks) {
    if (b.path !== '') continue;
    const props = (b.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [key, s] of Object.entries(props)) if (s.default !== undefined && s['x-transient'] !== true && !(key in out)) out[key] = s.default;
  }
  return out;
}
