import type { ReactNode } from 'react';
import type { ColumnMeta } from './dashboardTypes';
import type { SortState } from './SortState';
import { columnHeader } from './columnHeader';
import './dashboard.css';
import './listTable.css';

interface ListTableProps<Row> {
  label: string;
  columns: ColumnMeta[];
  rows: Row[];
  /** A stable key per row (React keeps a row's controls when the page re-sorts). */
  rowKey: (row: Row) => string | number;
  renderCell: (column: ColumnMeta, row: Row, index: number) => ReactNode;
  /** Header content for a column (defaults to its label, with a sort button when sortable). */
  renderHeader?: (column: ColumnMeta) => ReactNode;
  sort?: SortState;
  onSort?: (field: string) => void;
  /** Shown instead of the list when there are no rows (000 §2 'No Records'). */
  emptyText: string;
}

/**
 * One column's flex box, so the list fits its pane with no measuring (issue 17: first load): every
 * column starts at its own width; when the pane is narrower, the columns with a `minWidth` below
 * their width give up room in proportion to their width, down to that minimum, and the others keep
 * theirs (a header or a select is never cut: issue 28 item 7); `grow` columns share the room left
 * over in proportion to their width. Laid out by the browser, no ResizeObserver or second render.
 */
export function columnFlex(column: ColumnMeta): { flex: string; minWidth: number } {
  const own = column.width ?? 150;
  return { flex: `${column.grow ? own : 0} 1 ${own}px`, minWidth: Math.min(own, column.minWidth ?? own) };
}

/**
 * A list drawn from dashboard column metadata as plain flex rows (ARIA table roles): the email dashboards' first
 * screen (issue 17). The header row sticks to the top of the scrolling pane, below whatever the page
 * keeps stuck above it (`--list-table-sticky-top`, issue 28 item 7). Blueprint's Table2 cost ~0.7 s at 4x CPU to mount and settle (it measures the
 * page several times and renders twice) for a list that is at most 50 rows tall and scrolls with
 * the page; plain rows lay out in one pass. Table2 stays for the other lists (DataTable).
 */
export function ListTable<Row>({ label, columns, rows, rowKey, renderCell, renderHeader, sort, onSort, emptyText }: ListTableProps<Row>) {
  if (rows.length === 0) {
    return (
      <div className="dashboard-table__empty" role="status">
        {emptyText}
      </div>
    );
  }
  const flexOf = Object.fromEntries(columns.map((c) => [c.key, columnFlex(c)]));
  const header = (c: ColumnMeta) => columnHeader(c, { renderHeader, sort, onSort });
  return (
    <div className="dashboard-table list-table" role="region" aria-label={label}>
      <div role="table" aria-label={label} aria-rowcount={rows.length + 1}>
        <div role="rowgroup" className="list-table__header">
          <div role="row" className="list-table__row">
            {columns.map((c) => (
              <div
                key={c.key}
                role="columnheader"
                className={`list-table__head list-table__head--${c.kind}`}
                style={flexOf[c.key]}
                aria-sort={sort && c.sort && sort.field === c.sort ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {header(c)}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup">
          {rows.map((row, i) => (
            <div key={rowKey(row)} role="row" className="list-table__row">
              {columns.map((c) => (
                <div key={c.key} role="cell" className={`dashboard-cell dashboard-cell--${c.kind}`} style={flexOf[c.key]}>
                  {renderCell(c, row, i)}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
