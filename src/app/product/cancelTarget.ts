/**
 * 001 §2: Cancel goes to the temp product listing, or to the direct-mail grid for direct content.
 * Neither listing is a route of this portal yet; both lead to the dashboard until they are
 * (docs/decisions/editor-texts.md).
 */
export const TEMP_PRODUCT_LISTING = '/';
export const DIRECT_MAIL_GRID = '/';

export function cancelTarget(ecContentType: unknown): string {
  return ecContentType === 'direct' ? DIRECT_MAIL_GRID : TEMP_PRODUCT_LISTING;
}
