import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from '../../../src/server/auth/password';
import { passwordCostWarning, scryptParameters } from '../../../src/server/auth/scryptParameters';

describe('password hashing (scrypt, per-user salt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse');
    // The suites run with PORTAL_PASSWORD_COST=10 (vitest.config.ts): the hash carries what is configured.
    const { N } = scryptParameters();
    expect(stored).toMatch(new RegExp(`^scrypt\\$${N}\\$8\\$3\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
  });

  it('uses the OWASP setting N=2^15, r=8, p=3 unless PORTAL_PASSWORD_COST says otherwise, and warns below it', () => {
    expect(scryptParameters({})).toEqual({ N: 32768, r: 8, p: 3 });
    expect(scryptParameters({ PORTAL_PASSWORD_COST: '' })).toEqual({ N: 32768, r: 8, p: 3 });
    expect(scryptParameters({ PORTAL_PASSWORD_COST: '17' })).toEqual({ N: 131072, r: 8, p: 3 });
    expect(passwordCostWarning({})).toBeNull();
    expect(passwordCostWarning({ PORTAL_PASSWORD_COST: '16' })).toBeNull();
    expect(passwordCostWarning({ PORTAL_PASSWORD_COST: '10' })).toMatch(/below the OWASP minimum \(15\): for tests only/);
    for (const bad of ['9', '21', '12.5', 'high']) expect(() => scryptParameters({ PORTAL_PASSWORD_COST: bad })).toThrow('PORTAL_PASSWORD_COST must be a whole number from 10 to 20');
  });

  it('verifies a hash made at another cost (the stored parameters win)', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    // 2^11, not the suites' 2^10: another cost, at 1/16 of the CPU of a 2^15 hash (its two checks took over 5 s on a loaded machine).
    const stored = ['scrypt', 2 ** 11, 8, 3, salt.toString('base64'), scryptSync('correct horse', salt, 32, { N: 2 ** 11, r: 8, p: 3, maxmem: 64 * 1024 * 1024 }).toString('base64')].join('$');
    expect(scryptParameters().N).not.toBe(2 ** 11);
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
