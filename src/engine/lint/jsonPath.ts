/** JSONPath for a location in a file: `$.rules[3].when.and[0]["=="]`. */
export function jsonPath(segs: ReadonlyArray<string | number>, base = '$'): string {
  let out = base;
  for (const s of segs) {
    if (typeof s === 'number' || /^\d+$/.test(s)) out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(s)) out += `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** ajv's JSON Pointer (`/rules/3/message`) as JSONPath. */
export function pointerToJsonPath(pointer: string): string {
  if (!pointer) return '$';
  const segs = pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return jsonPath(segs);
}
