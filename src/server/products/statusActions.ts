import type { StatusActionName } from '../../api/products';

/** 001 §4: approve sets 1, unapprove 2, problem 4, reprocess 3, unused -1; each then saves. */
export const statusOfAction: Readonly<Record<StatusActionName, number>> = { approve: 1, unapprove: 2, problem: 4, reprocess: 3, unused: -1 };

/** The status action whose rules a product must pass to reach this status (none for 0, 5, 10, 11, 14). */
export function actionOfStatus(status: number): StatusActionName | undefined {
  return (Object.keys(statusOfAction) as StatusActionName[]).find((a) => statusOfAction[a] === status);
}

export const isStatusAction = (a: unknown): a is StatusActionName => typeof a === 'string' && a in statusOfAction;

/** Words for the activity log. */
export const statusActionLabel: Readonly<Record<StatusActionName, string>> = {
  approve: 'Approved', unapprove: 'UnApproved', problem: 'Problem', reprocess: 'Reprocessed', unused: 'Unused',
};

/**
 * The document fields a status action may change besides the status (the problem dialog's comment).
 * A role that may approve but not edit changes only these through POST /api/product/:id/status.
 */
export const fieldsOwnedByAction: Readonly<Record<StatusActionName, readonly string[]>> = {
  approve: [], unapprove: [], problem: ['product_comment'], reprocess: [], unused: [],
};

/** The stored document with only the action's own fields taken from what the client sent. */
export function statusActionDocument(stored: Record<string, unknown>, sent: Record<string, unknown> | undefined, action: StatusActionName): Record<string, unknown> {
  const doc = { ...stored };
  for (const field of fieldsOwnedByAction[action]) if (sent && field in sent) doc[field] = sent[field];
  return doc;
}
