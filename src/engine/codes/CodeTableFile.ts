/** One entry of a code table file as written (`{const, title, x-key, ...annotations}`). */
export type CodeTableEntry = { const: string | number; title: string } & Record<string, unknown>;

/** A code table file (`schemas/codes/<name>.json`) as written. */
export type CodeTableFile = { $id: string; title: string; type: 'integer' | 'string'; oneOf: CodeTableEntry[] } & Record<string, unknown>;

/** A spreadsheet as read: its header and its rows, each with the line (or row) number a person sees. */
export interface Sheet {
  header: string[];
  rows: Array<{ line: number; cells: string[] }>;
}
