import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, lintMetadata } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { portal, repoRoot } from './cliRunner';
import { miniDir } from './miniMetadata';

// The project metadata once it exists (it is the point), else the mini fixture.
const source = existsSync(join(repoRoot, 'schemas/product')) ? repoRoot : miniDir;

/** A sector added as files only: code-table entries (the sector and a category), a sub-form schema, a gate and a validation rule. */
function addPetCare(dir: string) {
  const table = join(dir, 'schemas/codes/sectors.json');
  const sectors = JSON.parse(readFileSync(table, 'utf8'));
  sectors.oneOf.push({ const: 9001, title: 'Pet Care', 'x-key': 'pet_care' });
  writeFileSync(table, JSON.stringify(sectors, null, 2));
  // A chain needs a category (the README's steps; lint reports a sector without one).
  const categoriesFile = join(dir, 'schemas/codes/categories.json');
  if (existsSync(categoriesFile)) {
    const categories = JSON.parse(readFileSync(categoriesFile, 'utf8'));
    categories.oneOf.push({ const: 9002, title: 'Pet Insurance', 'x-key': 'pet_insurance', 'x-parent': 9001 });
    writeFileSync(categoriesFile, JSON.stringify(categories, null, 2));
  }
  writeFileSync(join(dir, 'schemas/product/sectors/pet_care.json'), JSON.stringify({
    $id: 'product/sectors/pet_care',
    title: 'Pet Care',
    type: 'object',
    'x-block': { id: 'pet_care', path: 'pet_care', order: 900, hidden: 'clear', source: 'test: new sector as files only' },
    properties: {
      pet_type: { title: 'Pet Type', type: 'string', 'x-ui': { widget: 'text', order: 1 } },
      monthly_fee: { title: 'Monthly Fee', type: 'number', 'x-ui': { widget: 'number', unit: '$', order: 2 } },
    },
  }));
  writeFileSync(join(dir, 'rules/product/pet_care.json'), JSON.stringify({
    rules: [
      { id: 'pet_care.visible', kind: 'visible', target: 'pet_care', source: 'test', when: { chain_any: [{ var: 'sectors' }, [9001], 1] } },
      {
        id: 'pet_care.pet_type', kind: 'validate', target: 'pet_care.pet_type', actions: ['approve'], source: 'test',
        valid: { '!': { empty: { var: 'pet_care.pet_type' } } }, message: 'Please enter the pet type',
      },
    ],
  }));
}

describe('a new sector as files only (issue 3, done when)', { timeout: 90_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-new-sector-'));
  cpSync(join(source, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(source, 'rules'), join(dir, 'rules'), { recursive: true });
  addPetCare(dir);
  const petDoc = (pet_type: string) => ({
    media_channel: 2, audience: 1, entry_date: '2024-05-01',
    sectors: [[{ id: 9001, name: 'Pet Care', sequence: 1, sectorWorksiteVoluntary: 0 }]],
    pet_care: { pet_type, monthly_fee: 12.5 },
  });

  it('rules lint accepts it', async () => {
    const r = await portal('rules', 'lint', dir);
    expect(r.stdout).toMatch(/^OK: /);
    expect(r.status).toBe(0);
  });

  it('the engine picks it up: the block shows for the new sector and its rule runs', () => {
    const md = loadMetadataFromDir(dir);
    expect(lintMetadata(md)).toEqual([]);
    const engine = createEngine(md, { now: () => '2024-05-10' });
    const vm = engine.evaluate(petDoc(''), { action: 'approve' });
    expect(vm.visible).toContain('pet_care');
    expect(vm.fields['pet_care.monthly_fee']).toMatchObject({ visible: true, label: 'Monthly Fee' });
    expect(vm.errors).toContainEqual({ rule: 'pet_care.pet_type', field: 'pet_care.pet_type', message: 'Please enter the pet type' });
    expect(engine.evaluate(petDoc('Dogs'), { action: 'approve' }).errors.map((e) => e.rule)).not.toContain('pet_care.pet_type');
    expect(engine.evaluate({ ...petDoc('Dogs'), sectors: [[{ id: 87 }]] }).visible).not.toContain('pet_care');
    expect(engine.describe(engine.rules.find((r) => r.id === 'pet_care.visible')!.when)).toBe('any chain of Sector/Category has Pet Care (9001) at level 1');
  });

  it('rules check picks it up', async () => {
    const file = join(dir, 'pet.json');
    writeFileSync(file, JSON.stringify(petDoc('')));
    const r = await portal('rules', 'check', file, '--dir', dir, '--action', 'approve', '--now', '2024-05-10');
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.visible).toContain('pet_care');
    expect(out.errors).toContainEqual({ rule: 'pet_care.pet_type', field: 'pet_care.pet_type', message: 'Please enter the pet type' });
    writeFileSync(file, JSON.stringify(petDoc('Cats')));
    const ok = JSON.parse((await portal('rules', 'check', file, '--dir', dir, '--action', 'approve', '--now', '2024-05-10')).stdout);
    expect(ok.errors.map((e: { rule: string }) => e.rule)).not.toContain('pet_care.pet_type');
  });
});
