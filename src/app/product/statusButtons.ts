import type { StatusActionName } from '../../api/products';
import type { Engine } from '../../engine';
import { PRODUCT_STATUS_TABLE, statusActionsOf, type ActionIntent } from '../../engine/policy/statusActions';

export interface StatusButton {
  action: StatusActionName;
  label: string;
  /** The status it sets, as the status table names it ("Approved"). */
  statusTitle: string;
  intent: ActionIntent;
  /** The rule actions the editor checks before sending it (the server checks the same). */
  rules: string[];
}

/**
 * 001 §2 / §4: the status actions in screen order, from the `x-action` annotations of
 * codes/product_status (the server and the demo generator read the same annotations).
 */
export function statusButtons(engine: Engine): StatusButton[] {
  return statusActionsOf(engine.model.codeTables.get(PRODUCT_STATUS_TABLE)).map((a) => ({
    action: a.name as StatusActionName,
    label: a.label,
    statusTitle: a.statusTitle,
    intent: a.intent,
    rules: a.rules,
  }));
}

export type ScreenKind = 'add' | 'edit';

export interface ButtonPlan {
  /** Approve ... Unused, and Delete. */
  statusActions: boolean;
  /** Submit (new) or Update (stored), or neither. */
  submit: 'Submit' | 'Update' | null;
  cancel: boolean;
  /** Red 'Temp product has already been created'. */
  tempCreated: boolean;
  deletedNotice: boolean;
}

/**
 * The statuses a product may be submitted in as new (001 §4: "status 0 or 11", New and Temp
 * Product): the entries of codes/product_status marked `x-initial`, the first of them a new
 * product's own.
 */
export function initialStatuses(engine: Engine): readonly number[] {
  return (engine.model.codeTables.get(PRODUCT_STATUS_TABLE)?.entries ?? []).filter((e) => e['x-initial'] === true).map((e) => Number(e.const));
}

/** 001 §4: which buttons the product screen shows; `initial` the statuses of a product not yet made (initialStatuses). */
export function buttonPlan(kind: ScreenKind, doc: { product_id?: unknown; product_status?: unknown; is_deleted?: unknown }, initial: readonly number[]): ButtonPlan {
  const stored = doc.product_id !== undefined && doc.product_id !== null && doc.product_id !== '';
  const deleted = Number(doc.is_deleted) === 1;
  if (deleted) return { statusActions: false, submit: null, cancel: true, tempCreated: false, deletedNotice: true };
  // A product without a status is new.
  const newOrTemp = doc.product_status === undefined || doc.product_status === null || initial.includes(Number(doc.product_status));
  if (kind === 'add' || !stored) {
    // New product (status 0 or 11): Submit, or Update once stored; otherwise it was already made.
    if (!newOrTemp) return { statusActions: false, submit: null, cancel: true, tempCreated: true, deletedNotice: false };
    return { statusActions: false, submit: stored ? 'Update' : 'Submit', cancel: true, tempCreated: false, deletedNotice: false };
  }
  return { statusActions: true, submit: 'Update', cancel: true, tempCreated: false, deletedNotice: false };
}

/** "Fields marked * are required to …": only where the product can still be saved (not on a deleted product, nor where a temp product was already made). */
export const showsRequiredLegend = (plan: ButtonPlan): boolean => plan.statusActions || plan.submit !== null;

/** The problems of every rule action an editor action runs, each (rule, field) once, in order. */
export function checkRuleActions<P extends { rule: string; field: string }>(check: (action: string) => P[], rules: readonly string[]): P[] {
  const seen = new Set<string>();
  const out: P[] = [];
  for (const a of rules) {
    for (const p of check(a)) {
      const key = `${p.rule}\u0001${p.field}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(p);
      }
    }
  }
  return out;
}
