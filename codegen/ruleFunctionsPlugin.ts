import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

export const ruleFunctionsId = 'virtual:rule-functions';
const resolvedId = `\0${ruleFunctionsId}`;

/**
 * Serves `virtual:rule-functions` (codegen/ruleFunctionsModule.ts), regenerated when a metadata file
 * changes. The engine is loaded (through tsx) when the module is first asked for, not bundled into
 * the Vite config.
 */
export function ruleFunctions(root: string): Plugin {
  return {
    name: 'portal-rule-functions',
    resolveId: (id) => (id === ruleFunctionsId ? resolvedId : undefined),
    async load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(join(root, 'schemas'));
      this.addWatchFile(join(root, 'rules'));
      const generator = (await tsImport('./ruleFunctionsModule.ts', import.meta.url)) as typeof import('./ruleFunctionsModule');
      return generator.ruleFunctionsModule(root);
    },
  };
}
