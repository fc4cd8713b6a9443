import type { ValidateFunction } from 'ajv';
import { _ } from 'ajv/dist/compile/codegen/index.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ajvFor, type SchemaCompiler } from '../engine/schema/compileSchema';
import { projectRoot } from './paths';

/** Where `portal` keeps validators' code: per checkout, beside the CLI's bundle (bin/cliBundle.js). */
export const schemaCodeCacheDir = join(projectRoot, 'node_modules', '.cache', 'content-portal', 'ajv');
/** Files kept; older ones (earlier metadata versions' document shapes) are removed. */
const keep = 200;

/**
 * A schema compiler that keeps Ajv's standalone code of each validator in `dir`, named by a hash of
 * Ajv's and ajv-formats' versions and the whole request (options, refs, root): a later process
 * evaluates that code instead of compiling (~1-2 s of CPU per `portal` start: the metadata's
 * meta-schemas and the product's document shape). Nothing is trusted but what this checkout wrote;
 * a folder that cannot be written only means compiling each time.
 */
export function schemaCodeCache(dir: string = schemaCodeCacheDir): SchemaCompiler {
  const load = createRequire(join(projectRoot, 'package.json'));
  const versions = `${(load('ajv/package.json') as { version: string }).version}/${(load('ajv-formats/package.json') as { version: string }).version}`;
  return (request) => {
    const key = createHash('sha256').update(versions).update(JSON.stringify(request, ignoreResolver)).digest('hex').slice(0, 40);
    const file = join(dir, `${key}.cjs`);
    let code: string | undefined;
    try {
      code = readFileSync(file, 'utf8');
    } catch {
      // not kept yet
    }
    if (code !== undefined) {
      const module = { exports: {} as unknown };
      new Function('require', 'module', 'exports', code)(load, module, module.exports);
      return module.exports as ValidateFunction;
    }
    const formats = request.formats ? { formats: _`require("ajv-formats/dist/formats").fullFormats` } : {};
    const ajv = ajvFor(request, { code: { source: true, ...formats } });
    const validate = ajv.compile(request.root);
    try {
      mkdirSync(dir, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, standaloneCode(ajv, validate));
      renameSync(partial, file);
      prune(dir);
    } catch {
      // a read-only checkout: compile again next time
    }
    return validate;
  };
}

/** Ajv's `uriResolver` option is a module (fast-uri for the routes), not data: its presence is what counts. */
const ignoreResolver = (key: string, value: unknown) => (key === 'uriResolver' && value ? 'custom' : value);

function prune(dir: string): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cjs'));
  if (files.length <= keep) return;
  const byAge = files.map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => a.t - b.t);
  for (const { f } of byAge.slice(0, files.length - keep)) unlinkSync(join(dir, f));
}
