import type { StatusActionName } from '../../api/products';
import { PRODUCT_STATUS_TABLE, statusActionsOf, statusChangePermission as changePermissionIn, type StatusAction } from '../../engine/policy/statusActions';
import { productEngine } from './productEngine';

/**
 * 001 §4: the status actions (approve sets 1, unapprove 2, problem 4, reprocess 3, unused -1; each
 * then saves), read from the `x-action` annotations of codes/product_status in the metadata the
 * server currently serves.
 */
export function statusActions(): StatusAction[] {
  return statusActionsOf(productEngine().engine.model.codeTables.get(PRODUCT_STATUS_TABLE));
}

const byName = (a: string) => statusActions().find((s) => s.name === a);

/** The status an action sets. */
export const statusOfAction = (a: StatusActionName): number | undefined => {
  const s = byName(a)?.status;
  return s === undefined ? undefined : Number(s);
};

/** The status action whose rules a product must pass to reach this status (none for 0, 5, 10, 11, 14). */
export function actionOfStatus(status: number): StatusActionName | undefined {
  return statusActions().find((s) => Number(s.status) === status)?.name as StatusActionName | undefined;
}

export const isStatusAction = (a: unknown): a is StatusActionName => typeof a === 'string' && byName(a) !== undefined;

/** The rule actions a status action runs (`save` plus its own, unless the metadata says otherwise). */
export const rulesOfAction = (a: StatusActionName): string[] => byName(a)?.rules ?? ['save', a];

/** The operation a save needs for its status (null: none beyond the save's own); `from` undefined for a new product. */
export const statusChangePermission = (from: number | undefined, to: number, action?: StatusActionName): string | null =>
  changePermissionIn(productEngine().engine.model.codeTables.get(PRODUCT_STATUS_TABLE), from, to, action);

/** Words for the activity log: the title of the status it sets. */
export const statusActionLabel = (a: StatusActionName): string => byName(a)?.statusTitle ?? a;

/**
 * The stored document with only the action's own fields (`x-action.fields`) taken from what the
 * client sent: a role that may run the action but not edit changes nothing else through
 * POST /api/product/:id/status.
 */
export function statusActionDocument(stored: Record<string, unknown>, sent: Record<string, unknown> | undefined, action: StatusActionName): Record<string, unknown> {
  const doc = { ...stored };
  for (const field of byName(action)?.fields ?? []) if (sent && field in sent) doc[field] = sent[field];
  return doc;
}
