import type { CodeTable } from '../types';

export type ActionIntent = 'success' | 'warning' | 'danger' | 'primary' | 'none';

/** A status action as the `x-action` annotation of a status code declares it. */
export interface StatusAction {
  /** What the API and the rules call it: `approve`. */
  name: string;
  /** The editor's button. */
  label: string;
  intent: ActionIntent;
  /** The status code it sets, and that code's title (the activity log's words). */
  status: number | string;
  statusTitle: string;
  /** Rule actions the product must pass to take this status (`save`, `approve`). */
  rules: string[];
  /** The operation on the product module a role needs to run it. */
  permission: string;
  /** Document fields it may change besides the status (the problem dialog's comment). */
  fields: string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const intents: readonly string[] = ['success', 'warning', 'danger', 'primary', 'none'];

/**
 * The status actions a code table declares (entries with `x-action`), in button order. Server,
 * editor and demo generator read them from here, so one metadata edit changes all three.
 */
export function statusActionsOf(table: CodeTable | undefined): StatusAction[] {
  const out: Array<StatusAction & { order: number }> = [];
  for (const [i, e] of (table?.entries ?? []).entries()) {
    const a = e['x-action'];
    if (!isObj(a) || typeof a.name !== 'string') continue;
    out.push({
      name: a.name,
      label: typeof a.label === 'string' ? a.label : e.title,
      intent: typeof a.intent === 'string' && intents.includes(a.intent) ? (a.intent as ActionIntent) : 'none',
      status: e.const,
      statusTitle: e.title,
      rules: Array.isArray(a.rules) ? a.rules.filter((r): r is string => typeof r === 'string') : ['save', a.name],
      permission: typeof a.permission === 'string' ? a.permission : 'edit',
      fields: Array.isArray(a.fields) ? a.fields.filter((f): f is string => typeof f === 'string') : [],
      order: typeof a.order === 'number' ? a.order : 1000 + i,
    });
  }
  return out.sort((a, b) => a.order - b.order).map(({ order: _order, ...rest }) => rest);
}

/** The table the product's status actions live on. */
export const PRODUCT_STATUS_TABLE = 'codes/product_status';

/** The operation a status without an `x-action` needs when the table does not name one. */
const defaultStatusPermission = 'approve';

/**
 * The product-module operation a save needs for its status, or null when the save's own
 * permission suffices. A status action needs its own `permission`; any other status change needs
 * the table's `x-status-permission` (approve), since 0, 5, 10, 11 and 14 have no button of their
 * own to carry one. A new product may start, with `add` alone, in a status marked `x-initial`
 * (New, Temp); `from` is undefined for a new product.
 */
export function statusChangePermission(table: CodeTable | undefined, from: number | undefined, to: number, action?: string): string | null {
  const actions = statusActionsOf(table);
  const named = action === undefined ? undefined : actions.find((a) => a.name === action);
  if (named) return named.permission;
  if (from === to) return null;
  const entry = table?.entries.find((e) => Number(e.const) === to);
  if (from === undefined && entry?.['x-initial'] === true) return null;
  const viaAction = actions.find((a) => Number(a.status) === to);
  if (viaAction) return viaAction.permission;
  const p = table?.annotations?.['x-status-permission'];
  return typeof p === 'string' && p ? p : defaultStatusPermission;
}
