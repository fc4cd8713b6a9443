import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { metaSchemas } from '../../../src/engine/lint/metaSchemas';
import { compileSchema, setSchemaCompiler, type SchemaCompileRequest } from '../../../src/engine/schema/compileSchema';
import { compileDocumentShape } from '../../../src/engine/shape/compileDocumentShape';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { schemaCodeCache } from '../../../src/server/schemaCodeCache';

// A `portal` process evaluates validators' standalone code kept from an earlier start instead of
// compiling them again: the kept code must answer exactly as Ajv's compile does.

const engine = createEngine(loadMetadataFromDir(process.cwd()), { now: () => '2024-06-30' });
const dir = mkdtempSync(join(tmpdir(), 'schema-code-'));
// The worker runs other files after this one (isolate: false): they get back the compiler they had.
const previous = setSchemaCompiler(undefined);
afterAll(() => {
  setSchemaCompiler(previous);
  rmSync(dir, { recursive: true, force: true });
});

const badProducts = [
  { promotion: { holiday: 99, sale_type: 'x' }, entry_date: '2024-13-45', panelists: [{ pp_date: 'nope' }] },
  { entry_date: 20240101, channel: { id: 'not a code' }, panelists: 'one' },
  { promotion: { holiday: '', sale_type: null }, panelist_draft: { anything: 1 } },
];

describe('validators kept as standalone code (src/server/schemaCodeCache.ts)', () => {
  it("the product's document shape: compiled once, then loaded, answers as Ajv's compile", () => {
    setSchemaCompiler(undefined);
    const compiled = compileDocumentShape(engine.model);
    setSchemaCompiler(schemaCodeCache(dir));
    const cold = compileDocumentShape(engine.model);
    expect(readdirSync(dir).filter((f) => f.endsWith('.cjs'))).toHaveLength(1);
    const warm = compileDocumentShape(engine.model);
    expect(readdirSync(dir).filter((f) => f.endsWith('.cjs'))).toHaveLength(1);
    for (const doc of badProducts) {
      const expected = compiled(doc);
      expect(cold(doc)).toEqual(expected);
      expect(warm(doc)).toEqual(expected);
    }
    // Formats come from ajv-formats in the loaded code too.
    expect(warm({ entry_date: '2024-02-30' })).toEqual([{ rule: 'schema', field: 'entry_date', message: 'Entry Date: "2024-02-30" is not a valid date.' }]);
  });

  it('a meta-schema with a $ref to another: the loaded validator reports the same errors', () => {
    const request: SchemaCompileRequest = { options: { allErrors: true, strict: false }, refs: [{ schema: metaSchemas.fieldSchema }], root: metaSchemas.block };
    const cache = schemaCodeCache(dir);
    setSchemaCompiler(undefined);
    const compiled = compileSchema(request);
    cache(request);
    const loaded = cache(request);
    const broken = { id: 'x', title: 3, fields: [{ key: 'a', schema: { type: 'strin' } }], surprise: true };
    expect(compiled(broken)).toBe(false);
    expect(loaded(broken)).toBe(false);
    expect(loaded.errors).toEqual(compiled.errors);
  });

  it('a changed schema is a different file, never the old code', () => {
    const cache = schemaCodeCache(dir);
    const before = readdirSync(dir).length;
    const strict = cache({ options: {}, root: { type: 'object', required: ['a'] } });
    const loose = cache({ options: {}, root: { type: 'object' } });
    expect(readdirSync(dir).length).toBe(before + 2);
    expect(strict({})).toBe(false);
    expect(loose({})).toBe(true);
  });
});
