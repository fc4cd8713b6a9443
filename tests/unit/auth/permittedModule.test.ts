import { describe, expect, it } from 'vitest';
import type { RoleModule } from '../../../src/api/authTypes';
import { isPublicPath, landingPath, permittedModule, sidebarModules } from '../../../src/app/auth/permittedModule';

const mod = (module_id: number, slug: string, sort: number, parent: number | null = null, hidden = false): RoleModule => ({
  module_id, module_key: slug || 'dashboard', module_name: slug || 'Dashboard', module_icon: 'dot', module_url_slug: slug, module_sort: sort,
  module_parent_id: parent, operations: ['view'], ...(hidden ? { module_hidden: true } : {}),
});

const reviewer = [mod(7, 'deduplicates', 7), mod(1, '', 1), mod(101, 'email', 1, 1), mod(6, 'spacy', 6), mod(11, 'admin', 11, null, true)];

describe('permitted module for a path (000 §2, §6)', () => {
  it('matches the root module only on the root path', () => {
    expect(permittedModule(reviewer, '/')?.module_id).toBe(1);
    expect(permittedModule([mod(1, '', 1)], '/deduplicates')).toBeUndefined();
  });

  it('matches other modules when the path contains their target', () => {
    expect(permittedModule(reviewer, '/deduplicates')?.module_id).toBe(7);
    expect(permittedModule(reviewer, '/email/12345')?.module_id).toBe(101);
    expect(permittedModule(reviewer, '/spaceyemail/9')).toBeUndefined();
    expect(permittedModule(reviewer, '/addproduct')).toBeUndefined();
  });

  it('lists only top-level, visible modules in the sidebar, sorted by module_sort', () => {
    expect(sidebarModules(reviewer).map((m) => m.module_id)).toEqual([1, 6, 7]);
  });

  it('lands on the last visited page when still permitted, else the first module', () => {
    expect(landingPath(reviewer, '/deduplicates?page=2')).toBe('/deduplicates?page=2');
    expect(landingPath(reviewer, '/addproduct')).toBe('/');
    expect(landingPath(reviewer, '//evil.example/')).toBe('/');
    expect(landingPath(reviewer, '/signin')).toBe('/');
    expect(landingPath([mod(9, 'addproduct', 9)], undefined)).toBe('/addproduct');
    expect(landingPath([mod(11, 'admin', 11, null, true)], undefined)).toBe('/admin');
    expect(landingPath([], undefined)).toBeNull();
  });

  it('treats sign-in and the error page as public', () => {
    expect(isPublicPath('/signin')).toBe(true);
    expect(isPublicPath('/errorpage')).toBe(true);
    expect(isPublicPath('/')).toBe(false);
  });
});
