import { Button, ButtonGroup, HTMLTable } from '@blueprintjs/core';
import { memo, useRef, type ReactNode, type RefObject } from 'react';

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
  const move = (from: number, to: number) => {
    const next = [...items];
    const [it] = next.splice(from, 1);
    next.splice(to, 0, it!);
    onChange?.(next);
  };
  const remove = (i: number) => (onRemove ? onRemove(i) : onChange?.(items.filter((_x, j) => j !== i)));
  // The row buttons read this at the click: a row drawn earlier still moves and removes in the current list.
  const latest = useRef<RowActions>({ move, remove });
  latest.current = { move, remove };
  if (!items.length) return <p className="portal-empty">No {label.toLowerCase()}</p>;
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
                  <RowButtons index={i} last={i === items.length - 1} name={name(item)} reorder={!!reorder} removable={removable} disabled={!!disabled} actions={latest} />
                </ButtonGroup>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

interface RowActions {
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/**
 * A row's Up, Down and Remove, drawn again only when what they show changes: adding a sector chain
 * redrew every row's Blueprint buttons and icons. The caller's extra actions are drawn with the row
 * each time (their handlers are the caller's own closures).
 */
const RowButtons = memo(function RowButtons(props: { index: number; last: boolean; name: string; reorder: boolean; removable: boolean; disabled: boolean; actions: RefObject<RowActions> }) {
  const { index: i, last, name, reorder, removable, disabled, actions } = props;
  return (
    <>
      {reorder && <Button size="small" icon="arrow-up" text="Up" aria-label={`Up ${name}`} disabled={disabled || i === 0} onClick={() => actions.current.move(i, i - 1)} />}
      {reorder && <Button size="small" icon="arrow-down" text="Down" aria-label={`Down ${name}`} disabled={disabled || last} onClick={() => actions.current.move(i, i + 1)} />}
      {removable && <Button size="small" icon="trash" text="Remove" aria-label={`Remove ${name}`} disabled={disabled} onClick={() => actions.current.remove(i)} />}
    </>
  );
});
