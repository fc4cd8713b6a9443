import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generators } from '../../../codegen/generators';
import { runGenerators } from '../../../codegen/runGenerators';
import { projectRoot } from '../../../src/server/paths';

const apiOutput = 'codegen/generated/api-schemas.json';

/** codegen/run.ts on `root`, in process: the lines it prints and the number of stale files. */
async function codegen(root: string, check: boolean): Promise<{ stale: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const stale = await runGenerators(generators, { root, check, only: apiOutput, log: (line, stream) => (stream === 'err' ? err : out).push(line) });
  return { stale, out, err };
}

// The freshness of the committed files themselves is `npm test`'s `codegen/run.ts --check` step
// (scripts/test.sh), run once per CI; this file tests the check on a scratch copy.
describe('codegen', { timeout: 120_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'portal-codegen-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('has a definition for every exported type of src/api/types.ts', () => {
    const source = readFileSync(join(projectRoot, 'src/api/types.ts'), 'utf8');
    const exported = [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]).sort();
    const generated = JSON.parse(readFileSync(join(projectRoot, apiOutput), 'utf8')) as { definitions: Record<string, unknown> };
    expect(exported).toContain('HealthResponse');
    expect(Object.keys(generated.definitions).sort()).toEqual(exported);
  });

  it('--check counts a file stale when a type changed and it was not regenerated; a run fixes it', async () => {
    // A copy of the inputs, so the real checkout is never touched.
    mkdirSync(join(scratch, 'src/api'), { recursive: true });
    cpSync(join(projectRoot, 'tsconfig.json'), join(scratch, 'tsconfig.json'));
    cpSync(join(projectRoot, 'codegen/generated'), join(scratch, 'codegen/generated'), { recursive: true });
    const types = readFileSync(join(projectRoot, 'src/api/types.ts'), 'utf8');
    writeFileSync(join(scratch, 'src/api/types.ts'), `${types}\nexport interface AddedLater {\n  id: number;\n}\n`);

    const stale = await codegen(scratch, true);
    expect(stale.stale).toBe(1);
    expect(stale.err).toEqual(['codegen: codegen/generated/api-schemas.json is stale (API JSON Schemas); run `npm run codegen` and commit the result']);

    expect((await codegen(scratch, false)).out).toEqual(['codegen: wrote codegen/generated/api-schemas.json']);
    const regenerated = JSON.parse(readFileSync(join(scratch, apiOutput), 'utf8')) as { definitions: Record<string, unknown> };
    expect(regenerated.definitions.AddedLater).toEqual({
      type: 'object',
      properties: { id: { type: 'number' } },
      required: ['id'],
      additionalProperties: false,
    });
    expect(await codegen(scratch, true)).toEqual({ stale: 0, out: ['codegen: codegen/generated/api-schemas.json is up to date'], err: [] });
  });
});
