import type { ServerContext } from '../context';

/**
 * The sign-in hint `portal serve` prints under the URL. The reset command opens the database, which
 * on the embedded one it refuses while this portal runs: the hint says to stop it first.
 */
export function authBanner(ctx: Pick<ServerContext, 'db'>): string[] {
  if (process.env.PORTAL_ADMIN_PASSWORD) return ['Sign in as admin with the password in PORTAL_ADMIN_PASSWORD.'];
  const reset = 'echo NEW | npx portal user passwd admin';
  return [`Sign in as admin with the password printed at first start (reset it: ${ctx.db.kind === 'pglite' ? `stop this portal, then ${reset}` : reset}).`];
}
