import { describe, expect, it } from 'vitest';
import { demoRoles, expandGrants, portalModules } from '../../../src/server/auth/modules';

describe('module table (schemas/admin/modules.json)', () => {
  it('has unique keys, module ids and top-level slugs', () => {
    const ids = portalModules.flatMap((m) => [m.module_id, ...(m.children ?? []).map((c) => c.module_id)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(portalModules.map((m) => m.key)).size).toBe(portalModules.length);
    expect(new Set(portalModules.map((m) => m.module_url_slug)).size).toBe(portalModules.length);
  });

  it('has the modules the portal routes need, the root being the dashboard', () => {
    expect(portalModules.map((m) => m.key)).toEqual(['dashboard', 'producer', 'consumer', 'mortgage', 'provider', 'spacy', 'deduplicates', 'cronlogs', 'product', 'rules', 'admin']);
    expect(portalModules.find((m) => m.module_url_slug === '')?.key).toBe('dashboard');
  });

  it('gives the admin demo role every operation of every module', () => {
    const admin = demoRoles.find((r) => r.role_name === 'admin')!;
    expect(expandGrants(admin.grants).length).toBe(portalModules.reduce((n, m) => n + m.operations.length, 0));
  });

  it('grants demo roles only operations their modules have', () => {
    for (const role of demoRoles) {
      for (const [key, ops] of Object.entries(role.grants)) {
        if (key === '*') continue;
        const module = portalModules.find((m) => m.key === key);
        expect(module, `${role.role_name}: ${key}`).toBeDefined();
        for (const op of ops) expect(module!.operations, `${role.role_name}: ${key}.${op}`).toContain(op);
      }
    }
  });

  it('keeps the demo roles apart: reviewer has no products, editor no dashboards, analyst no edits', () => {
    const grants = (name: string) => new Set(expandGrants(demoRoles.find((r) => r.role_name === name)!.grants).map(([m, op]) => `${m}:${op}`));
    expect([...grants('reviewer')].some((g) => g.startsWith('product:'))).toBe(false);
    expect([...grants('editor')].some((g) => g.startsWith('dashboard:'))).toBe(false);
    expect([...grants('analyst')].every((g) => g.endsWith(':view'))).toBe(true);
    expect(grants('analyst').has('admin:view')).toBe(false);
  });
});
