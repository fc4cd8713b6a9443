import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../../src/server/auth/tokens';

const key = new TextEncoder().encode('k'.repeat(32));
const claims = { userId: 7, sessionId: 's-1', sessionVersion: 2 };
const t0 = Date.UTC(2026, 0, 1);

// A token is checked in full once, then remembered per key: these pin what a remembered token still gets.
describe('verifyAccessToken', () => {
  it('accepts a token again until its expiry, and not after it', async () => {
    const token = await signAccessToken(key, claims, t0, 900);
    expect(await verifyAccessToken(key, token, t0 + 1000)).toEqual(claims);
    expect(await verifyAccessToken(key, token, t0 + 899_000)).toEqual(claims);
    expect(await verifyAccessToken(key, token, t0 + 900_000)).toBeNull();
    expect(await verifyAccessToken(key, token, t0 + 1000 + 900_000)).toBeNull();
  });

  it('refuses a token accepted under one key under another', async () => {
    const token = await signAccessToken(key, claims, t0, 900);
    expect(await verifyAccessToken(key, token, t0)).toEqual(claims);
    expect(await verifyAccessToken(new TextEncoder().encode('x'.repeat(32)), token, t0)).toBeNull();
  });

  it('refuses an expired token it never saw, and a tampered one after accepting the original', async () => {
    expect(await verifyAccessToken(key, await signAccessToken(key, claims, t0 - 3_600_000, 900), t0)).toBeNull();
    const token = await signAccessToken(key, claims, t0, 900);
    expect(await verifyAccessToken(key, token, t0)).toEqual(claims);
    const [h, p, sig] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '8' })).toString('base64url');
    expect(await verifyAccessToken(key, `${h}.${edited}.${sig}`, t0)).toBeNull();
  });
});
