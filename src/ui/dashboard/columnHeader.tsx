import { PlainIcon } from '../plain/PlainIcon';
import type { ReactNode } from 'react';
import type { ColumnMeta } from './dashboardTypes';
import type { SortState } from './SortState';

export interface ColumnHeaderOptions {
  renderHeader?: (column: ColumnMeta) => ReactNode;
  sort?: SortState;
  onSort?: (field: string) => void;
}

/** A list column's header, shared by ListTable and DataTable: the caller's own, a sort button, or the label. */
export function columnHeader(c: ColumnMeta, { renderHeader, sort, onSort }: ColumnHeaderOptions): ReactNode {
  const custom = renderHeader?.(c);
  if (custom !== undefined) return custom;
  if (!c.sort || !onSort) return <span>{c.label}</span>;
  const active = sort?.field === c.sort;
  return (
    <button type="button" className="dashboard-table__sort" aria-label={`Sort by ${c.label}`} onClick={() => onSort(c.sort as string)}>
      {c.label}
      {active ? <PlainIcon icon={sort?.direction === 'asc' ? 'caret-up' : 'caret-down'} size={14} /> : null}
    </button>
  );
}
