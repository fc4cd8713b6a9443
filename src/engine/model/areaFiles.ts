/**
 * The metadata of one form area other than products (e.g. `forward`: schemas/forward/**,
 * rules/forward/**) seen through the product layout the engine reads, with the shared code tables.
 * The same engine then draws, evaluates and enforces that form; the product metadata is left out.
 */
export function areaFiles(files: Record<string, unknown>, area: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(files)) {
    if (path.startsWith('schemas/codes/')) out[path] = content;
    else if (path.startsWith(`schemas/${area}/`)) out[`schemas/product/${path.slice(`schemas/${area}/`.length)}`] = content;
    else if (path.startsWith(`rules/${area}/`)) out[`rules/product/${path.slice(`rules/${area}/`.length)}`] = content;
  }
  return out;
}
