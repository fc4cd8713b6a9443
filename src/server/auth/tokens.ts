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

/** Null for anything but a well-formed, HS256-signed, unexpired token of this portal. */
export async function verifyAccessToken(key: Uint8Array, token: string, nowMs: number): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: tokenIssuer,
      audience: tokenAudience,
      currentDate: new Date(nowMs),
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.sv !== 'number') return null;
    return { userId, sessionId: payload.sid, sessionVersion: payload.sv };
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
