/** Fills `{name}` placeholders of a metadata path from a row (URI-encoded); missing values become ''. */
export function fillPath(template: string, row: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const v = row[key];
    return v === null || v === undefined ? '' : encodeURIComponent(String(v));
  });
}
