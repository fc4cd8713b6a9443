import { ApiError } from '../../../api/client/ApiError';

/**
 * The toast after a failed send-link: 001 §8's 'Error:Something wrong', and for a refusal by the mail
 * policy (recipients, domains, send rate: 400/429) the server's reason, so the sender knows what to
 * change or how long to wait.
 */
export function sendLinkFailureText(err: unknown): string {
  const reason = err instanceof ApiError && (err.status === 400 || err.status === 429) && err.message ? ` ${err.message}` : '';
  return `Error:Something wrong${reason}`;
}
