import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImpactReport, MetadataChange } from '../../src/engine/diff';
import { projectRoot } from '../../src/server/paths';
import { runPortal } from '../helpers/runPortal';
import { openPgliteDb } from '../../src/server/db/pgliteDb';
import { copyMigratedDb } from './helpers/startServer';
import { emptyPgliteDump } from './helpers/testDb';

/**
 * Rehearsal (issue 7 §5): `portal rules diff` against a fixture change (gate widened, message
 * reworded, code retitled, field added) on a copy of the project metadata, with the fixture products
 * whose outcomes tests/fixtures/rule-change/README.md works out by hand.
 */
const fixture = join(projectRoot, 'tests/fixtures/rule-change');
const productsFile = join(fixture, 'products.jsonl');
const NOW = '2024-06-30';

type Obj = Record<string, unknown>;
interface Report { changes: MetadataChange[]; impact: ImpactReport | null; failing: string[] }

/** `portal ...args`, in process (tests/helpers/runPortal.ts). */
const portal = (...args: string[]) => runPortal(args);

function copyMetadata(dir: string): string {
  cpSync(join(projectRoot, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(projectRoot, 'rules'), join(dir, 'rules'), { recursive: true });
  return dir;
}

const readJson = (f: string): Obj => JSON.parse(readFileSync(f, 'utf8')) as Obj;
const writeJson = (f: string, v: unknown, indent = 2) => writeFileSync(f, JSON.stringify(v, null, indent) + '\n');

function ruleFiles(dir: string): string[] {
  return readdirSync(join(dir, 'rules'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name));
}

/** Applies tests/fixtures/rule-change/patch.json: rules found by id wherever they live. */
function applyPatch(dir: string): void {
  const patch = readJson(join(fixture, 'patch.json')) as { edits: Obj[] };
  for (const edit of patch.edits) {
    if (typeof edit.rule === 'string') {
      const file = ruleFiles(dir).find((f) => ((readJson(f).rules as Obj[] | undefined) ?? []).some((r) => r.id === edit.rule));
      if (!file) throw new Error(`fixture patch: no rule ${String(edit.rule)} in the project rules`);
      const content = readJson(file);
      const rule = (content.rules as Obj[]).find((r) => r.id === edit.rule)!;
      Object.assign(rule, edit.set);
      writeJson(file, content);
    } else if (typeof edit.codeTable === 'string') {
      const file = join(dir, edit.codeTable);
      const table = readJson(file);
      Object.assign((table.oneOf as Obj[]).find((e) => e.const === edit.code)!, edit.set);
      writeJson(file, table);
    } else {
      const file = join(dir, String(edit.file));
      const schema = readJson(file);
      (schema.properties as Obj)[String(edit.property)] = edit.value;
      writeJson(file, schema);
    }
  }
}

/** Same meaning, other text: every file re-indented, keys of a rule file and a code table reversed. */
function reformat(dir: string): void {
  const reverse = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(reverse) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v as Obj).reverse().map(([k, x]) => [k, reverse(x)])) : v;
  for (const f of ruleFiles(dir)) writeJson(f, readJson(f), 4);
  const visibility = ruleFiles(dir).find((f) => f.endsWith('visibility.json'))!;
  writeJson(visibility, reverse(readJson(visibility)), 0);
  writeJson(join(dir, 'schemas/codes/media_channel.json'), reverse(readJson(join(dir, 'schemas/codes/media_channel.json'))), '\t' as unknown as number);
}

describe('rules diff rehearsal', () => {
  let tmp: string;
  let a: string;
  let b: string;
  let report: Report;
  let markdown: string;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'rules-diff-'));
    a = copyMetadata(join(tmp, 'a'));
    b = copyMetadata(join(tmp, 'b'));
    applyPatch(b);
    const r = await portal('rules', 'diff', a, b, '--format', 'json', '--products', productsFile, '--now', NOW);
    expect(r.status, r.stderr).toBe(0);
    report = JSON.parse(r.stdout) as Report;
    markdown = (await portal('rules', 'diff', a, b, '--products', productsFile, '--now', NOW)).stdout;
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const change = (id: string) => report.changes.find((c) => c.id === id);

  it('reports exactly the four changes, by id', () => {
    expect(report.changes.map((c) => `${c.subject}:${c.change}:${c.id}`).sort()).toEqual([
      'code:changed:codes/media_channel#1',
      'field:added:delivery.delivery_note',
      'message:changed:entry_date.not_future',
      'rule:changed:delivery.visible',
    ]);
  });

  it('shows the widened gate before and after in plain words', () => {
    const gate = change('delivery.visible')!;
    expect(gate.before).toBe('Delivery shows when Media Channel is Direct Mail (1) and Audience is one of Consumer (1), Employee / Business Owner (2), Consumer and Business (5)');
    expect(gate.after).toBe('Delivery shows when Media Channel is Direct Mail (USPS) (1) and Audience is one of Consumer (1), Employee / Business Owner (2), 3, Consumer and Business (5)');
    expect(gate.kind).toBe('visible');
    expect(gate.source).toMatch(/002 §2/);
  });

  it('shows the reworded message, the retitled code and the added field', () => {
    expect(change('entry_date.not_future')).toMatchObject({ before: 'Entry Date cannot be in the future', after: 'Entry date cannot be a future date' });
    expect(change('codes/media_channel#1')).toMatchObject({ summary: 'Code 1 of Media channel retitled "Direct Mail" → "Direct Mail (USPS)"', before: 'Direct Mail', after: 'Direct Mail (USPS)' });
    expect(change('delivery.delivery_note')).toMatchObject({ summary: 'Field Delivery Note (delivery.delivery_note) added to Delivery' });
    expect(change('delivery.delivery_note')!.details).toEqual(['type: string', 'required: no']);
  });

  it('counts the impact on the fixture products as worked out by hand', () => {
    const im = report.impact!;
    expect(im.total).toEqual({ products: 6, changed: 3, visible: 2, saveErrors: 1, approveErrors: 2, derived: 1, examples: ['1', '2', '4'] });
    expect(im.approvableLost.map((p) => p.id)).toEqual(['1']);
    expect(im.approvableLost[0].errors.map((e) => e.rule)).toEqual(['delivery.delivery_method.required']);
    expect(im.approvedLost).toBe(1);
    expect(im.saveBroken).toEqual([]);
    expect(im.blocksShown).toEqual({ delivery: 2 });
    expect(im.blocksHidden).toEqual({});
    const by = Object.fromEntries(im.byChange.map((c) => [c.id, [c.products, c.examples]]));
    expect(by).toEqual({
      'delivery.visible': [2, ['1', '2']],
      'entry_date.not_future': [1, ['4']],
      'codes/media_channel#1': [4, ['1', '2', '3', '6']],
      'delivery.delivery_note': [4, ['1', '2', '3', '6']],
    });
    const sector = Object.fromEntries(im.bySector.map((s) => [s.sector, [s.products, s.changed]]));
    expect(sector).toEqual({ '6': [2, 2], '530': [1, 1], '522': [2, 0], '266': [1, 0] });
    expect(im.bySector[0].title).toBe('Mortgage and Loan (6)');
  });

  it('writes Markdown for analysts: headings, plain words, tables', () => {
    expect(markdown).toContain('## What changed');
    expect(markdown).toContain('- Before: Delivery shows when Media Channel is Direct Mail (1)');
    expect(markdown).toContain('## Impact on stored products');
    expect(markdown).toContain('| Would stop being approvable | 1 | 16.7% | `1` |');
    expect(markdown).toContain('| Mortgage and Loan (6) | 2 | 2 | 2 | 0 | 1 | 1 | `1`, `2` |');
    expect(markdown).toMatch(/### Products that would stop being approvable[\s\S]*\| 1 \| Approved \| Mortgage and Loan \(6\) \| Delivery Method \|/);
  });

  it('--fail-on exits 1 exactly when its condition holds', async () => {
    const run = (cond: string) => portal('rules', 'diff', a, b, '--format', 'json', '--products', productsFile, '--now', NOW, '--fail-on', cond);
    const lost = await run('approvable-lost');
    expect(lost.status).toBe(1);
    expect(lost.stderr).toContain('approvable-lost: 1 approved product(s) would fail approval');
    expect((await run('any-impact')).status).toBe(1);
    expect((await run('save-errors')).status).toBe(0);
    const bad = await run('nonsense');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('unknown --fail-on condition "nonsense"');
  });

  it('reports nothing for a formatting-only change (re-indented files, keys reordered)', async () => {
    const c = copyMetadata(join(tmp, 'c'));
    reformat(c);
    const r = await portal('rules', 'diff', a, c, '--format', 'json', '--products', productsFile, '--now', NOW, '--fail-on', 'any-impact,any-change');
    expect(r.status, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.changes).toEqual([]);
    expect(rep.impact!.total.changed).toBe(0);
    expect((await portal('rules', 'diff', a, c)).stdout).toContain('Nothing but formatting differs');
  });

  it('reads either side from a git ref', async () => {
    const repo = join(tmp, 'repo');
    copyMetadata(repo);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'before');
    applyPatch(repo);
    git('commit', '-q', '-am', 'after');
    const r = await portal('rules', 'diff', 'HEAD~1', 'HEAD', '--repo', repo, '--format', 'json');
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Report).changes.map((c) => c.id).sort()).toEqual(['codes/media_channel#1', 'delivery.delivery_note', 'delivery.visible', 'entry_date.not_future']);
    const missing = await portal('rules', 'diff', 'no-such-ref', 'HEAD', '--repo', repo);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('"no-such-ref" is neither a folder holding schemas/ and rules/ nor a git ref');
  });

  it('reads the products table with --products db, and says clearly when there is none', async () => {
    // A database not migrated yet: the suite's initialised empty one (initdb costs seconds of CPU per run).
    const unmigrated = join(tmp, 'unmigrated');
    mkdirSync(unmigrated);
    await (await openPgliteDb(join(unmigrated, 'db'), { loadDataDir: await emptyPgliteDump() })).close();
    const none = await runPortal(['rules', 'diff', a, b, '--products', 'db'], { env: { DATA_DIR: unmigrated, DATABASE_URL: '' } });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('has no products table yet');

    // Then the suite's migrated copy (migrating from scratch is db.test.ts's): `portal migrate` finds nothing to do.
    const dataDir = join(tmp, 'data');
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const run = (...args: string[]) => runPortal(args, { env });
    copyMigratedDb(dataDir);
    expect((await run('migrate')).status).toBe(0);
    const gen = await run('products', 'generate', '--count', '40', '--seed', '9');
    expect(gen.status, gen.stderr).toBe(0);
    expect(gen.stderr).toContain('40 products inserted');
    const r = await run('rules', 'diff', a, b, '--products', 'db', '--format', 'json', '--now', NOW);
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Report).impact!.total.products).toBe(40);

    const out = join(tmp, 'products.jsonl');
    expect((await run('products', 'generate', '--count', '40', '--seed', '9', '--out', out)).status).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Obj);
    expect(lines.map((p) => p.product_id)).toEqual(Array.from({ length: 40 }, (_, i) => 100001 + i));
  }, 240_000);
});
