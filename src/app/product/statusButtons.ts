import type { StatusActionName } from '../../api/products';

export interface StatusButton {
  action: StatusActionName;
  label: string;
  intent: 'success' | 'warning' | 'danger' | 'primary' | 'none';
}

/** 001 §2 / §4: the status actions in screen order (approve 1, unapprove 2, problem 4, reprocess 3, unused -1). */
export const statusButtons: readonly StatusButton[] = [
  { action: 'approve', label: 'Approve', intent: 'success' },
  { action: 'unapprove', label: 'Unapproved', intent: 'warning' },
  { action: 'problem', label: 'Problem', intent: 'danger' },
  { action: 'reprocess', label: 'Reprocessed', intent: 'primary' },
  { action: 'unused', label: 'Unused', intent: 'none' },
];

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

/** 001 §4: which buttons the product screen shows. */
export function buttonPlan(kind: ScreenKind, doc: { product_id?: unknown; product_status?: unknown; is_deleted?: unknown }): ButtonPlan {
  const stored = doc.product_id !== undefined && doc.product_id !== null && doc.product_id !== '';
  const deleted = Number(doc.is_deleted) === 1;
  const status = doc.product_status === undefined || doc.product_status === null ? 0 : Number(doc.product_status);
  if (deleted) return { statusActions: false, submit: null, cancel: true, tempCreated: false, deletedNotice: true };
  const newOrTemp = status === 0 || status === 11;
  if (kind === 'add' || !stored) {
    // New product (status 0 or 11): Submit, or Update once stored; otherwise it was already made.
    if (!newOrTemp) return { statusActions: false, submit: null, cancel: true, tempCreated: true, deletedNotice: false };
    return { statusActions: false, submit: stored ? 'Update' : 'Submit', cancel: true, tempCreated: false, deletedNotice: false };
  }
  return { statusActions: true, submit: 'Update', cancel: true, tempCreated: false, deletedNotice: false };
}
