import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/Db';
import { authBanner } from '../../../src/server/auth/authBanner';

// The start banner told an operator on the embedded database to reset the admin password with a
// command that refuses while that very portal runs; it now says to stop the portal first.
describe('the sign-in hint under the URL', () => {
  const saved = process.env.PORTAL_ADMIN_PASSWORD;
  afterEach(() => {
    if (saved === undefined) delete process.env.PORTAL_ADMIN_PASSWORD;
    else process.env.PORTAL_ADMIN_PASSWORD = saved;
  });
  const on = (kind: Db['kind']) => ({ db: { kind } as Db });

  it('names the reset command, after stopping the portal on the embedded database', () => {
    delete process.env.PORTAL_ADMIN_PASSWORD;
    expect(authBanner(on('pglite'))).toEqual(['Sign in as admin with the password printed at first start (reset it: stop this portal, then echo NEW | npx portal user passwd admin).']);
    expect(authBanner(on('postgres'))).toEqual(['Sign in as admin with the password printed at first start (reset it: echo NEW | npx portal user passwd admin).']);
    process.env.PORTAL_ADMIN_PASSWORD = 'set';
    expect(authBanner(on('pglite'))).toEqual(['Sign in as admin with the password in PORTAL_ADMIN_PASSWORD.']);
  });
});
