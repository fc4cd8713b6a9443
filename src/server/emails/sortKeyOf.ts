/** SQL types compared as text. */
const textTypes = new Set(['text', 'character varying', 'character']);

/**
 * What a list orders by for a sortable column of the given SQL type: text by lower() (issue 28 item
 * 7: 're: ...' must not precede 'A...'; migration 017 indexes the email list's two text sorts), the
 * others as stored.
 */
export function sortKeyOf(column: string, sqlType: string | undefined): string {
  return sqlType !== undefined && textTypes.has(sqlType) ? `lower(${column})` : column;
}
