import type { EmailItem } from '../../api/emailTypes';

/** A row's save state after a status change: spinner, then 'Done' for 5 s (000 §4). */
export type RowMark = 'saving' | 'done';

/** What the dashboard holds besides the URL's list state and the server's data. */
export interface LocalState {
  /** The checked emails. */
  selected: ReadonlySet<number>;
  /** Copy toggles not saved yet: muid -> the status shown (000 §4). */
  pending: ReadonlyMap<number, number>;
  marks: ReadonlyMap<number, RowMark>;
  /** The 'Assign Copies ID' field. */
  productId: string;
  /** The message dialog's text (000 §5, §8), or null. */
  message: string | null;
  /** A question before going on (000 §5: unsaved changes), or null. */
  /** A question: `go` on Continue, `stay` (if any) on Cancel. */
  confirm: { text: string; go: () => void; stay?: () => void } | null;
  /** A bulk change or move is being saved. */
  busy: boolean;
}

export const initialLocalState: LocalState = { selected: new Set(), pending: new Map(), marks: new Map(), productId: '', message: null, confirm: null, busy: false };

export type LocalAction =
  | { type: 'toggle'; rows: EmailItem[]; on: boolean; statuses: { used: number; copy: number } }
  | { type: 'clearChecks' }
  | { type: 'productId'; value: string }
  | { type: 'mark'; muid: number; mark: RowMark | null; only?: RowMark }
  | { type: 'message'; text: string | null }
  | { type: 'confirm'; confirm: LocalState['confirm'] }
  | { type: 'busy'; busy: boolean };

const withEntry = <K, V>(m: ReadonlyMap<K, V>, k: K, v: V | null) => {
  const n = new Map(m);
  if (v === null) n.delete(k);
  else n.set(k, v);
  return n;
};

/** The dashboard's local state changes (pure: unit-tested without a DOM). */
export function emailDashboardReducer(s: LocalState, a: LocalAction): LocalState {
  switch (a.type) {
    case 'toggle': {
      // 000 §4: with a product id set, checking turns an email into Copy unless Used; unchecking restores it.
      const selected = new Set(s.selected);
      const pending = new Map(s.pending);
      for (const row of a.rows) {
        if (a.on) selected.add(row.muid);
        else selected.delete(row.muid);
        if (a.on && s.productId && row.deleted !== a.statuses.used) pending.set(row.muid, a.statuses.copy);
        else pending.delete(row.muid);
      }
      return { ...s, selected, pending };
    }
    case 'clearChecks':
      return s.selected.size === 0 && s.pending.size === 0 ? s : { ...s, selected: new Set(), pending: new Map() };
    case 'productId':
      return { ...s, productId: a.value, pending: a.value ? s.pending : new Map() };
    case 'mark':
      if (a.only && s.marks.get(a.muid) !== a.only) return s;
      return { ...s, marks: withEntry(s.marks, a.muid, a.mark) };
    case 'message':
      return { ...s, message: a.text };
    case 'confirm':
      return { ...s, confirm: a.confirm };
    case 'busy':
      return { ...s, busy: a.busy };
  }
}
