import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { pgliteOnlyFiles, postgresFiles } from '../postgresFiles';

const files = (dir: string) =>
  readdirSync(join(projectRoot, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name).slice(projectRoot.length + 1));
const source = (file: string) => readFileSync(join(projectRoot, file), 'utf8');
/** What makes a file use the suite's database (tests/server/helpers/testDb.ts, productsKit). */
const usesSuiteDb = /\b(?:openTestDb|createTestDatabase|testDbKind)\b|\bproductsKit\(/;
const usesAnyDb = /\b(openTestDb|productsKit|createTestDatabase|testDbKind|openDb|openPgliteDb|openPostgresDb|startServer|runServer)\b|--products', 'db'/;

// Which suite a test file belongs to (vitest.config.ts): a new file is checked here, so the
// PostgreSQL pass never misses a database file and the unit suite never opens a database.
describe('test suites', () => {
  it('every server file that uses the suite database is in the PostgreSQL pass; the list names only such files', () => {
    const server = files('tests/server');
    expect(server).toContain('tests/server/products.test.ts');
    expect(server.filter((f) => usesSuiteDb.test(source(f)) && !postgresFiles.includes(f) && !pgliteOnlyFiles.includes(f))).toEqual([]);
    expect(postgresFiles.filter((f) => !server.includes(f) || !usesSuiteDb.test(source(f)))).toEqual([]);
    expect(pgliteOnlyFiles.filter((f) => !server.includes(f) || postgresFiles.includes(f))).toEqual([]);
  });

  it('every server file touches a database; database-free ones live in the unit suite, which opens none', () => {
    expect(files('tests/server').filter((f) => !usesAnyDb.test(source(f)))).toEqual([]);
    expect(files('tests/unit')).toContain('tests/unit/server/storage.test.ts');
    expect(files('tests/unit').filter((f) => usesAnyDb.test(source(f)) && f !== 'tests/unit/suites.test.ts')).toEqual([]);
  });
});
