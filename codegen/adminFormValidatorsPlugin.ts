import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { Plugin } from 'vite';
import { adminFormSpecs, type AdminFormFiles } from '../src/app/admin/adminFormSchemas';

export const adminFormValidatorsId = 'virtual:admin-form-validators';
const resolvedId = `\0${adminFormValidatorsId}`;

const files = { password: 'password.json', user: 'user.json', userUpdate: 'user-update.json', role: 'role.json', modulePermission: 'module-permission.json', modules: 'modules.json' } as const;

/**
 * The Admin Portal's form validators, precompiled (Ajv standalone code through RJSF's
 * compileSchemaValidatorsCode) from schemas/admin as they are on disk when the client is built, so
 * the browser never compiles a schema and the CSP needs no 'unsafe-eval'. An analyst's edit to
 * those files reaches the forms with the next `npm run build` (the files are bundled anyway); the
 * dev server regenerates on save.
 *
 * Ajv's standalone code is CommonJS (`exports[id] = ...`, `require(runtime)`): each form's code runs
 * in its own function scope with `exports` and `require` supplied by the module, runtime helpers
 * imported once at the top.
 */
export function adminFormValidatorsModule(adminDir: string, addWatchFile: (file: string) => void = () => {}): string {
  const read = (name: string): unknown => {
    const file = join(adminDir, name);
    addWatchFile(file);
    return JSON.parse(readFileSync(file, 'utf8'));
  };
  const specs = adminFormSpecs(Object.fromEntries(Object.entries(files).map(([k, f]) => [k, read(f)])) as unknown as AdminFormFiles);
  const runtime = new Map<string, string>();
  const forms = Object.entries(specs).map(([name, spec]) => {
    const code = compileSchemaValidatorsCode(spec.schema).replace(/require\(("[^"]+")\)/g, (_m, specifier: string) => {
      if (!runtime.has(specifier)) runtime.set(specifier, `runtime${runtime.size}`);
      return runtime.get(specifier)!;
    });
    return `${JSON.stringify(name)}: (function () {\nconst exports = {};\n${code}\nreturn exports;\n})()`;
  });
  const imports = [...runtime].map(([specifier, local]) => `import * as ${local} from ${specifier};`);
  return `${imports.join('\n')}\nexport default {\n${forms.join(',\n')}\n};\n`;
}

export function adminFormValidators(root: string): Plugin {
  return {
    name: 'portal-admin-form-validators',
    resolveId: (id) => (id === adminFormValidatorsId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      return adminFormValidatorsModule(join(root, 'schemas', 'admin'), (file) => this.addWatchFile(file));
    },
  };
}
