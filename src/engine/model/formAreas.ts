/** Folders that are not forms of their own: the product, the shared code tables, dashboards, meta-schemas. */
const notAreas = new Set(['product', 'codes', 'dashboards', 'meta']);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The forms laid out like the product but in their own folders (read with areaFiles): every
 * `rules/<area>/` folder, and every `schemas/<area>/` folder holding a block (`x-block`).
 */
export function formAreas(metadata: { files: Record<string, unknown> }): string[] {
  const out = new Set<string>();
  for (const [file, content] of Object.entries(metadata.files)) {
    const m = /^(schemas|rules)\/([^/]+)\//.exec(file);
    if (!m || notAreas.has(m[2]!)) continue;
    if (m[1] === 'rules' || (isObj(content) && 'x-block' in content)) out.add(m[2]!);
  }
  return [...out].sort();
}
