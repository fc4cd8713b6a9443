import { Button } from '@blueprintjs/core';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { FieldView } from './FieldView';
import type { FieldModel } from './formModel';
import type { FormStore } from './formStore';
import { isEmptyValue } from './isEmptyValue';
import type { FormMode } from './types';

export interface RowGroupViewProps {
  rows: FieldModel[][];
  store: FormStore;
  mode: FormMode;
  columns: number;
}

/**
 * A group of layout rows (`x-block.rows`): each row starts at the left of the block's grid (a tier
 * per row). In the editor, rows after the first show once they hold a value; the next empty one
 * waits behind a single "Add …" line (its first field's label), so three empty tiers take one line.
 */
export function RowGroupView({ rows, store, mode, columns }: RowGroupViewProps) {
  const paths = rows.map((row) => row.map((f) => f.path));
  const key = paths.map((r) => r.join(',')).join(';');
  // The rows holding a value, as a string ("1,0,0") so an unrelated keystroke renders nothing here.
  const subscribe = useCallback(
    (cb: () => void) => {
      const offs = key.split(/[;,]/).map((p) => store.subscriber(p)(cb));
      return () => offs.forEach((off) => off());
    },
    [store, key],
  );
  const filled = useSyncExternalStore(subscribe, () => paths.map((row) => (row.some((p) => !isEmptyValue(store.getValue(p))) ? 1 : 0)).join(','));
  const [added, setAdded] = useState(1);
  const lastFilled = filled.split(',').lastIndexOf('1');
  const shown = mode === 'read' ? rows.length : Math.min(rows.length, Math.max(added, lastFilled + 1));
  const next = rows[shown];
  return (
    <>
      {rows.slice(0, shown).map((row) =>
        row.map((f, i) => <FieldView key={f.path} field={f} store={store} mode={mode} columns={columns} rowStart={i === 0} />),
      )}
      {next && (
        // One column: in the free column after the last row when there is one, else a short line of its own.
        <div className="portal-row-add">
          <Button
            variant="minimal"
            size="small"
            icon="add"
            text={`Add ${next[0]!.title}`}
            onClick={() => {
              setAdded(shown + 1);
              // The new row's first control takes the focus, for the keyboard.
              requestAnimationFrame(() => document.getElementById(next[0]!.path)?.focus());
            }}
          />
        </div>
      )}
      {/* The group's last row ends here: the next field starts a row of its own. */}
      <div className="portal-row-end" aria-hidden="true" />
    </>
  );
}
