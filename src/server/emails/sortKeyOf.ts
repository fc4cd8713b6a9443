import type { EmailSortField } from '../../api/emailTypes';

/**
 * What the email list is ordered by for a sort field: text columns by lower() (issue 28 item 7:
 * 're: ...' must not precede 'A...'), matched by the lower() indexes of migration 017; the others
 * as stored.
 */
export function sortKeyOf(field: EmailSortField): string {
  return field === 'email_subject' || field === 'email_from_one' ? `lower(${field})` : field;
}
