/** A text's `{name}` placeholders filled from `values`; a name without a value stays as written. */
export function fillMessage(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}
