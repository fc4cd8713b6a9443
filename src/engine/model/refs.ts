/** `$ref` values name a schema by `$id`: `codes/media_channel`; `./`, `schemas/` and `.json` are tolerated. */
export function normalizeRef(ref: string): string {
  return ref.replace(/^(\.\.?\/)+/, '').replace(/^\//, '').replace(/^schemas\//, '').replace(/\.json$/, '');
}

/** The `$id` a schema file gets when it declares none: its path under schemas/ without `.json`. */
export function idFromFile(file: string): string {
  return normalizeRef(file);
}
