import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeTableEntries } from '../../../src/app/codeTableEntries';

// The metadata files as GET /api/metadata serves them: path → parsed JSON.
const codesDir = join(process.cwd(), 'schemas/codes');
const files: Record<string, unknown> = Object.fromEntries(readdirSync(codesDir).filter((f) => f.endsWith('.json')).map((f) => [`schemas/codes/${f}`, JSON.parse(readFileSync(join(codesDir, f), 'utf8'))]));

describe('codeTableEntries', () => {
  it('reads a code table by any spelling of its $ref', () => {
    const sectors = codeTableEntries(files, 'codes/sectors');
    expect(sectors.length).toBeGreaterThan(5);
    expect(codeTableEntries(files, '../codes/sectors.json')).toEqual(sectors);
    expect(codeTableEntries(files, 'codes/sectors.json')).toEqual(sectors);
    expect(sectors.find((e) => e['x-key'] === 'banking')?.title).toBe('Banking');
  });

  it('answers no entries for a missing table, a missing $ref or files not loaded yet', () => {
    expect(codeTableEntries(files, 'codes/no_such_table')).toEqual([]);
    expect(codeTableEntries(files, undefined)).toEqual([]);
    expect(codeTableEntries(undefined, 'codes/sectors')).toEqual([]);
  });
});
