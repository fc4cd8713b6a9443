import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP's scrypt minimum (N=2^17, r=8, p=1) needs 128 MiB per hash; 2^15 keeps sign-in fast on a
// small server while staying memory-hard. Parameters live in the stored hash, so they can be raised.
const defaults = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;

function derive(password: string, salt: Buffer, opts: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...opts, maxmem: 256 * opts.N * opts.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` with a fresh 16-byte salt per user. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, defaults);
  return ['scrypt', defaults.N, defaults.r, defaults.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Constant-time comparison; false for a malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (!N || !r || !p || expected.length !== keyLength) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/** A valid hash of a random password: verified against for unknown users so timing matches. */
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword(randomBytes(16).toString('hex')));
}

/** Minimum password rule for new and reset passwords. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return 'The password must have at least 8 characters.';
  if (password.length > 200) return 'The password must have at most 200 characters.';
  return null;
}
