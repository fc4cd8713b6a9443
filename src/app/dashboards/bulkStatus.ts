import type { EmailItem, EmailUpdate } from '../../api/emailTypes';

export interface BulkStatusRules {
  /** The only statuses one change may set on more than one email (000 §4: Copy, 4). */
  bulkStatuses: number[];
  /** Statuses the list never changes (Used, e-Glacier): such emails keep theirs. */
  lockedStatuses: number[];
  messages: { selectEmail: string; onlyCopyStatus: string; statusLocked: string };
}

export type BulkStatusPlan = { message: string } | { updates: EmailUpdate[] };

/**
 * What setting `status` on the checked emails does (000 §4-§5, docs/decisions-copy-status.md): a
 * message and no request, or one update of every changeable email, marked read. The bulk rule
 * counts the checked emails, so the user learns it before anything is sent.
 */
export function planBulkStatus(checked: EmailItem[], status: number, rules: BulkStatusRules): BulkStatusPlan {
  if (checked.length === 0) return { message: rules.messages.selectEmail };
  if (checked.length > 1 && !rules.bulkStatuses.includes(status)) return { message: rules.messages.onlyCopyStatus };
  const open = checked.filter((r) => !rules.lockedStatuses.includes(r.deleted));
  if (open.length === 0) return { message: rules.messages.statusLocked };
  return { updates: open.map((r) => ({ muid: r.muid, deleted: status, email_read: 1, index_name: r.index_name })) };
}
