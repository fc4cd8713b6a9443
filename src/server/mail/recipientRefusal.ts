import { fillMessage } from '../../api/forwardEditorMeta';
import { allowedDomainsFor, refusedRecipient, type MailPolicyConfig } from './mailPolicy';

export interface RecipientMessages {
  tooManyRecipients: { text: string };
  recipientNotAllowed: { text: string };
}

/**
 * Why the mail policy refuses these recipients for this sender (too many, or one outside the
 * allowed domains), or null when it lets them through. One check for every route that mails.
 */
export function recipientRefusal(
  policy: MailPolicyConfig,
  forwardTo: string | undefined,
  sender: string,
  recipients: readonly string[],
  m: RecipientMessages,
): string | null {
  if (recipients.length > policy.maxRecipients) return fillMessage(m.tooManyRecipients.text, { max: policy.maxRecipients });
  const domains = allowedDomainsFor(policy, sender, forwardTo);
  const refused = refusedRecipient(recipients, domains);
  return refused === null ? null : fillMessage(m.recipientNotAllowed.text, { address: refused, domains: domains.join(', ') || '-' });
}
