import * as commonLanguage from '@zxcvbn-ts/language-common';
import passwordSchema from '../../../schemas/admin/password.json';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { scryptParameters, type ScryptParameters } from './scryptParameters';

// Parameters live in the stored hash: sign-in rehashes a hash made with other ones.
const keyLength = 32;

let current: ScryptParameters | undefined;
const params = () => (current ??= scryptParameters());

function derive(password: string, salt: Buffer, opts: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...opts, maxmem: 256 * opts.N * opts.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` with a fresh 16-byte salt per user. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const defaults = params();
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

/** Whether a stored hash was made with other parameters than the configured ones (rehash it at sign-in). */
export function needsRehash(stored: string): boolean {
  const parts = stored.split('$');
  const defaults = params();
  return parts[0] !== 'scrypt' || Number(parts[1]) !== defaults.N || Number(parts[2]) !== defaults.r || Number(parts[3]) !== defaults.p;
}

// The policy lives once, in the Admin Portal's password form (schemas/admin/password.json).
export const passwordMinLength = passwordSchema.properties.password.minLength;
export const passwordTooShortMessage = `The password must have at least ${passwordMinLength} characters.`;
export const passwordTooCommonMessage = 'This password is on a list of common passwords: choose another.';

// zxcvbn-ts's list of the most common passwords (about 50,000, lower case).
const common = new Set<string>(commonLanguage.dictionary['passwords-common'] as string[]);

/** ASVS V6.2: at least 12 characters (any characters, none required), at most 200, not a common password. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < passwordMinLength) return passwordTooShortMessage;
  if (password.length > 200) return 'The password must have at most 200 characters.';
  if (common.has(password.toLowerCase())) return passwordTooCommonMessage;
  return null;
}
