import { Button, ButtonGroup, HTMLTable, type IconName } from '@blueprintjs/core';
import { memo, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

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

/** Where the focus goes once the list a row button changed is drawn: that row's button of that kind. */
interface FocusAfter {
  row: number;
  act: RowAct;
  /** The list the click saw: the focus moves once a newer one is drawn (a refused or cancelled change moves nothing). */
  before: unknown[];
}

/**
 * A picked list (companies, affinities, publications, sector chains) with Up, Down and Remove.
 * The focus follows the moved row: rows are drawn by position, so the pressed button would
 * otherwise stay where it was and a second Down (Enter again) would move the neighbour back.
 * After a Remove it goes to the Remove of the row that took the removed one's place (or the new last).
 */
export function ItemTable<T>({ label, items, columns, onChange, reorder, extraActions, onRemove, disabled, numbered, name, removable = true }: ItemTableProps<T>) {
  const table = useRef<HTMLTableElement>(null);
  const focusAfter = useRef<FocusAfter | null>(null);
  const move = (from: number, to: number, act: RowAct) => {
    const next = [...items];
    const [it] = next.splice(from, 1);
    next.splice(to, 0, it!);
    focusAfter.current = { row: to, act, before: items };
    onChange?.(next);
  };
  const remove = (i: number) => {
    // The last row gone, no row is left to take the focus (the only removal that may ask first).
    const row = Math.min(i, items.length - 2);
    focusAfter.current = row >= 0 ? { row, act: 'remove', before: items } : null;
    return onRemove ? onRemove(i) : onChange?.(items.filter((_x, j) => j !== i));
  };
  useLayoutEffect(() => {
    const pending = focusAfter.current;
    if (!pending || pending.before === items) return;
    focusAfter.current = null;
    const row = table.current?.tBodies[0]?.rows[pending.row];
    if (!row) return;
    // Moved to the top (or bottom), its Up (Down) is disabled: the other one keeps the focus in the row.
    const order: RowAct[] = pending.act === 'up' ? ['up', 'down'] : pending.act === 'down' ? ['down', 'up'] : ['remove'];
    for (const act of order) {
      const button = row.querySelector<HTMLButtonElement>(`button[data-row-act="${act}"]:not(:disabled)`);
      if (button) return button.focus();
    }
  });
  // The row buttons read this at the click: a row drawn earlier still moves and removes in the current list.
  const latest = useRef<RowActions>({ move, remove });
  latest.current = { move, remove };
  if (!items.length) return <p className="portal-empty">No {label.toLowerCase()}</p>;
  const editable = !!onChange;
  return (
    <HTMLTable compact striped aria-label={label} ref={table}>
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

type RowAct = 'up' | 'down' | 'remove';

interface RowActions {
  move: (from: number, to: number, act: RowAct) => void;
  remove: (index: number) => void;
}

/**
 * A row's Up, Down and Remove. Each is memoised on what it shows (adding a sector chain redrew every
 * row's Blueprint buttons and icons; now only the buttons whose state changes) and acts through the
 * latest list at the click. The caller's extra actions are drawn with the row (their handlers are the
 * caller's own closures).
 */
function RowButtons(props: { index: number; last: boolean; name: string; reorder: boolean; removable: boolean; disabled: boolean; actions: RefObject<RowActions> }) {
  const { index: i, last, name, reorder, removable, disabled, actions } = props;
  return (
    <>
      {reorder && <RowButton icon="arrow-up" text="Up" name={name} disabled={disabled || i === 0} index={i} act="up" actions={actions} />}
      {reorder && <RowButton icon="arrow-down" text="Down" name={name} disabled={disabled || last} index={i} act="down" actions={actions} />}
      {removable && <RowButton icon="trash" text="Remove" name={name} disabled={disabled} index={i} act="remove" actions={actions} />}
    </>
  );
}

const RowButton = memo(function RowButton(props: { icon: IconName; text: string; name: string; disabled: boolean; index: number; act: RowAct; actions: RefObject<RowActions> }) {
  const { icon, text, name, disabled, index, act, actions } = props;
  const click = () => (act === 'remove' ? actions.current.remove(index) : actions.current.move(index, act === 'up' ? index - 1 : index + 1, act));
  return <Button size="small" icon={icon} text={text} aria-label={`${text} ${name}`} disabled={disabled} onClick={click} data-row-act={act} />;
});
