/**
 * The refusal of a save over another user's later change (docs/decisions/two-editors-on-one-product.md): the server
 * words it, the editor recognises it to offer a reload with the user's changes drawn over the other's.
 */
export const lostUpdateMessage = (username: string, at: Date): string =>
  `${username} changed this product at ${formatUtc(at)} (UTC), after you opened it. Nothing was saved, so their change is kept; yours are still on your screen.`;

export const isLostUpdateMessage = (message: string): boolean => / changed this product at .+ \(UTC\), after you opened it\. Nothing was saved/.test(message);

/** MM/DD/YYYY hh:mm AM/PM, as the portal writes times. */
function formatUtc(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours() % 12 || 12;
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()} ${p(h)}:${p(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}
