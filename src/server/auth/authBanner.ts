import type { ServerContext } from '../context';

/** The sign-in hint `portal serve` prints under the URL. */
export function authBanner(_ctx: ServerContext): string[] {
  void _ctx;
  return process.env.PORTAL_ADMIN_PASSWORD
    ? ['Sign in as admin with the password in PORTAL_ADMIN_PASSWORD.']
    : ['Sign in as admin with the password printed at first start (reset it: echo NEW | npx portal user passwd admin).'];
}
