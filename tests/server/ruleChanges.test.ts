import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleChangesResponse, RuleVersionsResponse } from '../../src/api/rulesTypes';
import { ruleChangeReport } from '../../src/engine/diff';
import { grant } from '../../src/server/auth/roles';
import { loadMetadataFromDir } from '../../src/server/metadata/loadMetadataFromDir';
import { loadMetadataFromGitRef } from '../../src/server/metadata/loadMetadataFromGitRef';
import { openMetadataStore } from '../../src/server/metadata/metadataStore';
import { metadataDir } from '../../src/server/metadataDir';
import { projectRoot } from '../../src/server/paths';
import { readProductInputs } from '../../src/server/products/readProductInputs';
import { seedDemoProducts } from '../../src/server/products/seedDemoProducts';
import { productsKit, type ProductsKit } from './productsKit';

type Obj = Record<string, unknown>;
const visibility = 'rules/product/visibility.json';
const gate = { and: [{ in: [{ var: 'media_channel' }, ['direct_mail', 'print']] }, { in: [{ var: 'audience' }, ['consumer', 'employee_business_owner', 'consumer_and_business']] }] };

/**
 * Issue 30 item 4: the Rule changes screen's API. On a git repository of the metadata, the files
 * on disk against the last commit: the CLI's JSON (`rules diff --products db --format json`) for the
 * stored products the caller may see.
 */
describe('GET /api/rules/versions and /api/rules/diff', () => {
  let kit: ProductsKit;
  let dir: string;
  const get = async <T>(url: string, headers = kit.as.admin) => {
    const res = await kit.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const editRule = (id: string, set: Obj) => {
    const file = join(dir, visibility);
    const json = JSON.parse(readFileSync(file, 'utf8')) as { rules: Obj[] };
    Object.assign(json.rules.find((r) => r.id === id)!, set);
    writeFileSync(file, JSON.stringify(json, null, 2));
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rule-changes-'));
    for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(dir, sub), { recursive: true });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'metadata as shipped');
    openMetadataStore(dir);
    kit = await productsKit();
    await seedDemoProducts(kit.db, () => undefined, 60);
    // The banker (sector 87 only) may read the rule screens too; a grant counts from the next call.
    await grant(kit.db, (await kit.db.query<{ role_id: number }>("select role_id from auth_roles where role_name = 'banker'")).rows[0].role_id, 'rules', ['view']);
  }, 300_000);
  afterAll(async () => {
    await kit?.close();
    openMetadataStore(metadataDir());
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers the files on disk and the commits, comparing the last commit with the disk first', async () => {
    const r = await get<RuleVersionsResponse>('/api/rules/versions');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ from: 'HEAD', to: 'disk', repository: true, watching: false });
    expect(r.body.versions.map((v) => v.ref).slice(0, 2)).toEqual(['disk', 'HEAD']);
    expect(r.body.versions[1].label).toMatch(/^HEAD: the last commit \([0-9a-f]{7,} metadata as shipped\)$/);
    expect(r.body.versions).toHaveLength(3);
  });

  it('answers the CLI\'s JSON for a gate change, in its words, with the products it affects', async () => {
    editRule('delivery.visible', { when: gate });
    editRule('banking.visible', { description: 'Reworded while reviewing.' });
    const r = await get<RuleChangesResponse>('/api/rules/diff?from=HEAD&to=disk');
    expect(r.status).toBe(200);
    const expected = ruleChangeReport('HEAD', 'disk', loadMetadataFromGitRef('HEAD', dir), loadMetadataFromDir(dir), await readProductInputs(kit.db));
    expect({ ...r.body, impact: { ...r.body.impact, seconds: 0 } }).toEqual({ ...expected, impact: { ...expected.impact, seconds: 0 } });
    expect(r.body.changes.map((c) => `${c.effect}: ${c.summary}`)).toEqual([
      'behaviour: Rule delivery.visible (visible) changed',
      'wording: Rule banking.visible (visible): wording of the description changed',
    ]);
    expect(r.body.changes[0].after).toMatch(/^Delivery shows when Media Channel is one of Direct Mail \(1\), Print \(2\) and Audience is one of /);
    expect(r.body.impact!.total.products).toBe(60);
    expect(r.body.impact!.approvableLost.length).toBeGreaterThan(0);
    expect(r.body.impact!.approvableLost[0].errors.map((e) => e.field)).toContain('delivery.delivery_method');
  });

  it('counts only the products of the caller\'s sectors', async () => {
    const all = (await get<RuleChangesResponse>('/api/rules/diff?from=HEAD&to=disk')).body.impact!;
    const banker = await get<RuleChangesResponse>('/api/rules/diff?from=HEAD&to=disk', kit.as.banker);
    expect(banker.status).toBe(200);
    const banking = (await readProductInputs(kit.db)).filter((p) => {
      const chains = (p.doc as { sectors?: Array<Array<{ id: number }>> }).sectors ?? [];
      return chains.every((c) => c[0]?.id === 87);
    });
    expect(banker.body.impact!.total.products).toBe(banking.length);
    expect(banker.body.impact!.total.products).toBeLessThan(all.total.products);
  });

  it('refuses unknown versions and option-looking refs with 400, and needs the rules module', async () => {
    expect((await get<{ message: string }>('/api/rules/diff?from=no-such-ref&to=disk')).body).toEqual({ error: 'Bad Request', message: '"no-such-ref" is not a commit of the metadata repository' });
    expect((await get<{ message: string }>('/api/rules/diff?from=--output=x&to=disk')).body.message).toBe('"--output=x" is not a git ref');
    expect((await get('/api/rules/diff?from=HEAD&to=disk', kit.as.editor)).status).toBe(403);
  });
});
