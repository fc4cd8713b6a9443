import { describe, expect, it } from 'vitest';
import { originAllowed, parsePortalAccess } from '../../../src/app/auth/originAllowed';

describe('portal_access (000 §6)', () => {
  it('reads the cookie as a JSON list or a comma-separated list', () => {
    expect(parsePortalAccess('["http://localhost:8080","http://127.0.0.1:8080"]')).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect(parsePortalAccess('http://a.example, http://b.example')).toEqual(['http://a.example', 'http://b.example']);
    expect(parsePortalAccess(undefined)).toEqual([]);
  });

  it('allows only an origin of the list (scheme, host and port)', () => {
    const list = ['http://localhost:8080'];
    expect(originAllowed('http://localhost:8080', list)).toBe(true);
    expect(originAllowed('http://LOCALHOST:8080/', list)).toBe(true);
    expect(originAllowed('http://127.0.0.1:8080', list)).toBe(false);
    expect(originAllowed('http://localhost:8081', list)).toBe(false);
    expect(originAllowed('https://localhost:8080', list)).toBe(false);
    expect(originAllowed('http://localhost:8080', [])).toBe(false);
  });
});
