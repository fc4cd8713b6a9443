import { Button, ButtonGroup, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface ItemTableProps<T> {
  label: string;
  items: T[];
  columns: Array<{ title: string; cell: (item: T, index: number) => ReactNode }>;
  /** Edit mode: Up/Down/Remove (and any extra buttons) per row. */
  onChange?: (next: T[]) => void;
  reorder?: boolean;
  extraActions?: (item: T, index: number) => ReactNode;
  onRemove?: (index: number) => void;
  disabled?: boolean;
  numbered?: boolean;
  /** Draw the Remove button (off when the row's own actions remove with a confirmation). */
  removable?: boolean;
  name: (item: T) => string;
}

/** A picked list (companies, affinities, publications, sector chains) with Up, Down and Remove. */
export function ItemTable<T>({ label, items, columns, onChange, reorder, extraActions, onRemove, disabled, numbered, name, removable = true }: ItemTableProps<T>) {
  if (!items.length) return <p className="portal-empty">No {label.toLowerCase()}</p>;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [it] = next.splice(from, 1);
    next.splice(to, 0, it!);
    onChange?.(next);
  };
  const editable = !!onChange;
  return (
    <HTMLTable compact striped aria-label={label}>
      <thead>
        <tr>
          {numbered && <th>Sr. No.</th>}
          {columns.map((c) => (
            <th key={c.title}>{c.title}</th>
          ))}
          {editable && <th>Actions</th>}
        </tr>
      </thead>
      <tbody>
        {items.map((item, i) => (
          <tr key={i}>
            {numbered && <td>{i + 1}</td>}
            {columns.map((c) => (
              <td key={c.title}>{c.cell(item, i)}</td>
            ))}
            {editable && (
              <td>
                <ButtonGroup variant="minimal">
                  {extraActions?.(item, i)}
                  {reorder && <Button size="small" icon="arrow-up" text="Up" aria-label={`Up ${name(item)}`} disabled={disabled || i === 0} onClick={() => move(i, i - 1)} />}
                  {reorder && (
                    <Button size="small" icon="arrow-down" text="Down" aria-label={`Down ${name(item)}`} disabled={disabled || i === items.length - 1} onClick={() => move(i, i + 1)} />
                  )}
                  {removable && <Button
                    size="small"
                    icon="trash"
                    text="Remove"
                    aria-label={`Remove ${name(item)}`}
                    disabled={disabled}
                    onClick={() => (onRemove ? onRemove(i) : onChange?.(items.filter((_x, j) => j !== i)))}
                  />}
                </ButtonGroup>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
