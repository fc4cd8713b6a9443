import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from '../../../src/server/auth/password';

describe('password hashing (scrypt, per-user salt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
  });

  it('salts each hash: the same password hashes differently', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('refuses malformed stored values instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$1$1$c2FsdA==$c2hvcnQ=')).toBe(false);
  });

  it('asks for at least 12 characters (ASVS 5.0 V6)', () => {
    expect(passwordProblem('short')).toBe('The password must have at least 12 characters.');
    expect(passwordProblem('long enough, surely')).toBeNull();
  });
});
