import { Cell, Column, ColumnHeaderCell, RenderMode } from '@blueprintjs/table';
import { Table2 } from './Table2WithHotkeys';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import '@blueprintjs/table/lib/css/table.css';
import type { ColumnMeta } from './dashboardTypes';
import { fitWidths } from './fitWidths';
import type { SortState } from './SortState';
import { columnHeader } from './columnHeader';
import './dashboard.css';

interface DataTableProps<Row> {
  label: string;
  columns: ColumnMeta[];
  rows: Row[];
  renderCell: (column: ColumnMeta, row: Row, index: number) => ReactNode;
  /** Header content for a column (defaults to its label, with a sort button when sortable). */
  renderHeader?: (column: ColumnMeta) => ReactNode;
  sort?: SortState;
  onSort?: (field: string) => void;
  /** Shown instead of the table when there are no rows (000 §2 'No Records'). */
  emptyText: string;
  /** Values the cells read besides the row (selection, busy marks...), so they re-render. */
  dependencies?: unknown[];
  rowHeight?: number;
}

const headerHeight = 30;
/** Room under the rows for the horizontal scrollbar, only once resized columns are wider than the pane. */
const scrollbarHeight = 18;
/** The table's own top and bottom border lines. */
const bordersHeight = 2;

/**
 * A list drawn from dashboard column metadata with @blueprintjs/table. The table is as tall as its
 * rows (at most 50 per page), so every row is rendered and the page, not the table, scrolls.
 */
export function DataTable<Row>({ label, columns, rows, renderCell, renderHeader, sort, onSort, emptyText, dependencies = [], rowHeight = 34 }: DataTableProps<Row>) {
  const box = useRef<HTMLDivElement | null>(null);
  const [available, setAvailable] = useState<number | null>(null);
  // Widths after the user resized a column (null: fitted to the pane, which never scrolls sideways).
  const [resized, setResized] = useState<number[] | null>(null);
  const hasRows = rows.length > 0;
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // A pixel short of the pane: rounding must never bring back a horizontal scrollbar.
    // A new width fits the columns anew (the table takes the new widths), so a user's resizing ends.
    let width = -1;
    const measure = () => {
      if (el.clientWidth === width) return; // its height follows the scrollbar's room
      width = el.clientWidth;
      setAvailable(Math.max(0, width - 1));
      setResized(null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasRows]);
  // Table2 draws the column headers twice: in its main quadrant and in the top quadrant laid over
  // it. The covered copy's sort buttons were Tab stops whose focus could not be seen, and screen
  // readers read every header twice: it leaves the Tab order and the accessibility tree.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const hideCovered = () => {
      for (const headers of el.querySelectorAll<HTMLElement>('.bp6-table-quadrant-main .bp6-table-column-headers')) {
        if (headers.getAttribute('aria-hidden') !== 'true') headers.setAttribute('aria-hidden', 'true');
        for (const c of headers.querySelectorAll<HTMLElement>('button, a[href], input, select, [tabindex]')) if (c.tabIndex !== -1) c.tabIndex = -1;
      }
    };
    hideCovered();
    const observer = new MutationObserver(hideCovered);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [hasRows]);
  if (!hasRows) {
    return (
      <div className="dashboard-table__empty" role="status">
        {emptyText}
      </div>
    );
  }
  const header = (c: ColumnMeta) => columnHeader(c, { renderHeader, sort, onSort });
  const fitted = fitWidths(columns, available);
  // Controlled: the table would otherwise take the fitted widths again at its next render.
  const widths = resized ?? fitted;
  const scrolls = available !== null && widths.reduce((a, b) => a + b, 0) > available;
  return (
    <div ref={box} className="dashboard-table" role="region" aria-label={label} style={{ height: headerHeight + rows.length * rowHeight + (scrolls ? scrollbarHeight : bordersHeight) }}>
      <Table2
        numRows={rows.length}
        enableRowHeader={false}
        enableFocusedCell={false}
        enableColumnResizing
        selectionModes={[]}
        defaultRowHeight={rowHeight}
        // At most 50 rows: draw them in one pass rather than in idle-time batches.
        renderMode={RenderMode.NONE}
        columnWidths={widths}
        onColumnWidthChanged={(index, size) => setResized(widths.map((w, i) => (i === index ? size : w)))}
        cellRendererDependencies={[rows, ...dependencies]}
      >
        {columns.map((c) => (
          <Column
            key={c.key}
            id={c.key}
            name={c.label}
            columnHeaderCellRenderer={() => <ColumnHeaderCell nameRenderer={() => <>{header(c)}</>} />}
            cellRenderer={(i) => (
              <Cell interactive className={`dashboard-cell dashboard-cell--${c.kind}`}>
                {renderCell(c, rows[i], i)}
              </Cell>
            )}
          />
        ))}
      </Table2>
    </div>
  );
}
