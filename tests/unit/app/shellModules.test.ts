import { describe, expect, it } from 'vitest';
import { defaultModules } from '../../../src/ui/shell/defaultModules';
import { findActiveModule } from '../../../src/ui/shell/findActiveModule';
import { modulePath } from '../../../src/ui/shell/modulePath';
import type { ShellModule } from '../../../src/ui/shell/shellModule';
import { sortModules } from '../../../src/ui/shell/sortModules';

const module = (module_id: number, module_url_slug: string, module_sort: number): ShellModule => ({
  module_id,
  module_name: `m${module_id}`,
  module_icon: 'dashboard',
  module_url_slug,
  module_sort,
  module_parent_id: null,
  operations: ['view'],
});

describe('modulePath', () => {
  it('builds the path from the url slug (000 §2)', () => {
    expect(modulePath({ module_url_slug: '' })).toBe('/');
    expect(modulePath({ module_url_slug: 'deduplicates' })).toBe('/deduplicates');
    expect(modulePath({ module_url_slug: '/spacy/' })).toBe('/spacy');
  });
});

describe('sortModules', () => {
  it('orders by module_sort and keeps the given order on ties (000 §6)', () => {
    const sorted = sortModules([module(1, 'a', 3), module(2, 'b', 1), module(3, 'c', 3), module(4, 'd', 2)]);
    expect(sorted.map((m) => m.module_id)).toEqual([2, 4, 1, 3]);
  });

  it('does not reorder the caller’s array', () => {
    const given = [module(1, 'a', 2), module(2, 'b', 1)];
    sortModules(given);
    expect(given.map((m) => m.module_id)).toEqual([1, 2]);
  });

  it('gives the default sidebar in the order the shell shows it', () => {
    expect(sortModules([...defaultModules].reverse()).map((m) => m.module_name)).toEqual([
      'Dashboard', 'Spacey', 'Deduplicates', 'Import Logs', 'Add Product',
    ]);
  });
});

describe('findActiveModule (000 §2: root matches only exactly, others when the path contains them)', () => {
  const modules = [module(1, '', 1), module(2, 'spacy', 2), module(3, 'deduplicates', 3)];

  it('matches the root module only on /', () => {
    expect(findActiveModule(modules, '/')?.module_id).toBe(1);
    expect(findActiveModule(modules, '/email/12')).toBeUndefined();
  });

  it('matches other modules when the path contains their target', () => {
    expect(findActiveModule(modules, '/spacy')?.module_id).toBe(2);
    expect(findActiveModule(modules, '/deduplicates/9')?.module_id).toBe(3);
  });

  it('finds nothing for a path no module covers', () => {
    expect(findActiveModule(modules, '/producer')).toBeUndefined();
    expect(findActiveModule([], '/')).toBeUndefined();
  });
});
