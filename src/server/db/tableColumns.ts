import type { Queryable } from './Db';

// A table's columns change only with a migration, which runs before the server listens.
const cache = new WeakMap<Queryable, Map<string, Promise<Map<string, string>>>>();

/** A table's columns and their SQL types (information_schema), read once per database handle. */
export function tableColumns(db: Queryable, table: string): Promise<Map<string, string>> {
  let tables = cache.get(db);
  if (!tables) cache.set(db, (tables = new Map()));
  let cols = tables.get(table);
  if (!cols) {
    cols = db
      .query<{ column_name: string; data_type: string }>(
        `select column_name, data_type from information_schema.columns where table_name = $1 and table_schema = current_schema()`,
        [table],
      )
      .then((res) => new Map(res.rows.map((r) => [r.column_name, r.data_type])));
    // A failed read is tried again by the next request rather than remembered.
    cols.catch(() => tables.delete(table));
    tables.set(table, cols);
  }
  return cols;
}
