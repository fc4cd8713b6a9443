import { formatEmailDate } from './formatEmailDate';

/**
 * The refusal of a save over another user's later change (docs/decisions/two-editors-on-one-product.md): the server
 * words it and answers it with lostUpdateCode, on which the editor offers a reload with the user's changes drawn over the other's.
 */
export const lostUpdateMessage = (username: string, at: Date): string =>
  `${username} changed this product at ${formatEmailDate(at, { utc: true })} (UTC), after you opened it. Nothing was saved, so their change is kept; yours are still on your screen.`;
