import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Queryable } from '../db/Db';
import { getMeta, setMeta } from '../portalMeta';

export const tokenIssuer = 'content-portal';
export const tokenAudience = 'content-portal';

/** What an access token says; the session row is still checked on every call. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
  sessionVersion: number;
}

const jwtSecretKey = 'auth_jwt_secret';

/** PORTAL_JWT_SECRET, or a random 256-bit secret generated on first use and kept in portal_meta. */
export async function loadJwtKey(db: Queryable, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('PORTAL_JWT_SECRET must have at least 32 characters');
    return new TextEncoder().encode(fromEnv);
  }
  let secret = await getMeta<string>(db, jwtSecretKey);
  if (!secret) {
    await db.query(
      `insert into portal_meta (key, value) values ($1, $2::jsonb) on conflict (key) do nothing`,
      [jwtSecretKey, JSON.stringify(randomBytes(32).toString('base64'))],
    );
    // Another instance may have won the race: read what is stored.
    secret = await getMeta<string>(db, jwtSecretKey);
    if (!secret) {
      secret = randomBytes(32).toString('base64');
      await setMeta(db, jwtSecretKey, secret);
    }
  }
  return Buffer.from(secret, 'base64');
}

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, nowMs: number, lifetimeSeconds: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ sid: claims.sessionId, sv: claims.sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(key);
}

/** Tokens whose signature and claims were checked, per key: a token is presented on every call of its 15 minutes. */
const verified = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; exp: number }>>();
/** Bound on each key's remembered tokens (the oldest go first): a few hundred bytes each. */
export const verifiedTokensMax = 10_000;

/**
 * Null for anything but a well-formed, HS256-signed, unexpired token of this portal. A token is
 * checked in full once (jose's WebCrypto HMAC was ~1 ms of CPU per call under load); after that
 * only its expiry, as jose would: the same string under the same key says the same claims.
 */
export async function verifyAccessToken(key: Uint8Array, token: string, nowMs: number): Promise<AccessClaims | null> {
  let known = verified.get(key);
  if (!known) verified.set(key, (known = new Map()));
  const hit = known.get(token);
  if (hit) {
    if (hit.exp > Math.floor(nowMs / 1000)) return hit.claims;
    known.delete(token);
    return null;
  }
  const claims = await verifyAccessTokenFully(key, token, nowMs);
  if (claims) {
    if (known.size >= verifiedTokensMax) known.delete(known.keys().next().value as string);
    known.set(token, claims);
  }
  return claims?.claims ?? null;
}

async function verifyAccessTokenFully(key: Uint8Array, token: string, nowMs: number): Promise<{ claims: AccessClaims; exp: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: tokenIssuer,
      audience: tokenAudience,
      currentDate: new Date(nowMs),
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.sv !== 'number' || typeof payload.exp !== 'number') return null;
    return { claims: { userId, sessionId: payload.sid, sessionVersion: payload.sv }, exp: payload.exp };
  } catch {
    return null;
  }
}

/** An opaque refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
