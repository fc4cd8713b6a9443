import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';

const apiOutput = 'codegen/generated/api-schemas.json';
const runCodegen = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'codegen/run.ts'), ...args], { cwd: projectRoot, encoding: 'utf8' });

describe('codegen', { timeout: 120_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'portal-codegen-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('the committed API schemas match src/api/types.ts (`codegen/run.ts --check` passes)', () => {
    const r = runCodegen('--check');
    expect(r.stderr).not.toMatch(/stale/);
    expect(r.status).toBe(0);
  });

  it('has a definition for every exported type of src/api/types.ts', () => {
    const source = readFileSync(join(projectRoot, 'src/api/types.ts'), 'utf8');
    const exported = [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]).sort();
    const generated = JSON.parse(readFileSync(join(projectRoot, 'codegen/generated/api-schemas.json'), 'utf8')) as { definitions: Record<string, unknown> };
    expect(exported).toContain('HealthResponse');
    expect(Object.keys(generated.definitions).sort()).toEqual(exported);
  });

  it('--check exits 1 when a type changed and the generated file was not regenerated; a run fixes it', () => {
    // A copy of the inputs, so the real checkout is never touched.
    mkdirSync(join(scratch, 'src/api'), { recursive: true });
    cpSync(join(projectRoot, 'tsconfig.json'), join(scratch, 'tsconfig.json'));
    cpSync(join(projectRoot, 'codegen/generated'), join(scratch, 'codegen/generated'), { recursive: true });
    const types = readFileSync(join(projectRoot, 'src/api/types.ts'), 'utf8');
    writeFileSync(join(scratch, 'src/api/types.ts'), `${types}\nexport interface AddedLater {\n  id: number;\n}\n`);

    const stale = runCodegen('--check', '--root', scratch, '--only', apiOutput);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('codegen/generated/api-schemas.json is stale');

    expect(runCodegen('--root', scratch, '--only', apiOutput).status).toBe(0);
    const regenerated = JSON.parse(readFileSync(join(scratch, 'codegen/generated/api-schemas.json'), 'utf8')) as { definitions: Record<string, unknown> };
    expect(regenerated.definitions.AddedLater).toEqual({
      type: 'object',
      properties: { id: { type: 'number' } },
      required: ['id'],
      additionalProperties: false,
    });
    expect(runCodegen('--check', '--root', scratch, '--only', apiOutput).status).toBe(0);
  });
});
