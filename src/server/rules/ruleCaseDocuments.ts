import { apply } from 'json-merge-patch';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The documents of one rule case (tests/rules/README.md): `document` as written, or the file's
 * `base` with the case's `patch` applied (JSON Merge Patch, RFC 7396: a key set to null is removed,
 * an array is replaced whole); `prev` likewise, or `prevPatch` over the base. Undefined document
 * when the case gives neither (the harness reports it).
 */
export function ruleCaseDocuments(file: unknown, c: unknown): { document: unknown; prev: unknown } {
  const base = isObj(file) ? file.base : undefined;
  const k = isObj(c) ? c : {};
  const patched = (patch: unknown) => (isObj(base) && isObj(patch) ? apply(structuredClone(base), patch) : undefined);
  const document = k.document !== undefined ? k.document : k.patch !== undefined ? patched(k.patch) : undefined;
  const prev = k.prev !== undefined ? k.prev : k.prevPatch !== undefined ? patched(k.prevPatch) : undefined;
  return { document, prev };
}
