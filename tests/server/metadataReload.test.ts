import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataStatusResponse } from '../../src/api/metadataStatus';
import type { HealthResponse } from '../../src/api/types';
import { metadataHash } from '../../src/server/metadataHash';
import { projectRoot } from '../../src/server/paths';
import type { MetadataResponse } from '../../src/server/routes/metadataRoute';
import { demoCorpusFiles } from '../../src/server/import/importDemoCorpus';
import { adminPassword } from '../e2e/productKit';
import { runPortal } from '../helpers/runPortal';
import { copySeededDataDir, startServer, type StartedServer } from './helpers/startServer';

const ruleFile = 'rules/product/visibility.json';
const sectionFile = 'schemas/product/sections/main.json';
const dashboardFile = 'schemas/dashboards/emails.json';
/** The first demo product (the generator numbers them from 100001). */
const productId = 100001;

interface RuleFile {
  rules: Array<{ id: string; description?: string; when: { chain_any: [{ var: string }, number[], number] } }>;
}

/**
 * The analysts' loop (issue 3 item 4): `portal dev` on a copy of the metadata (METADATA_DIR) reloads
 * a saved rule file without a restart, keeps the last good metadata serving while a save is broken,
 * reports the problem with file and JSON path, and loads the fix.
 */
describe('portal dev reloads schemas/ and rules/ when a file is saved', { timeout: 240_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-metadata-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-reload-data-'));
  const file = join(dir, ruleFile);
  let server: StartedServer;
  let token: string;
  const original = () => JSON.parse(readFileSync(join(projectRoot, ruleFile), 'utf8')) as RuleFile;
  const save = (content: RuleFile | string) => writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  const get = async <T>(path: string, auth = false): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} });
    expect(res.status, `${path}: ${res.status}`).toBe(200);
    return (await res.json()) as T;
  };
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** Edits a metadata file of the copy and waits until the server serves the edit. */
  const editAndReload = async (file: string, edit: (json: Record<string, unknown>) => void) => {
    const before = await health();
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    edit(json);
    writeFileSync(join(dir, file), `${JSON.stringify(json, null, 2)}\n`);
    await until(`the reload after ${file}`, status, (s) => s.problems.length === 0 && s.version !== before);
  };
  const health = () => get<HealthResponse>('/api/health').then((h) => h.metadata);
  const status = () => get<MetadataStatusResponse>('/api/metadata/status');
  const until = async <T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > deadline) throw new Error(`${what} did not happen within 20 s; last: ${JSON.stringify(v).slice(0, 500)}\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(dir, sub), { recursive: true });
    // The suite's demo data without emails (the first start's seeding is health.test.ts's), plus 30
    // demo emails imported in this process for the email list's sort.
    copySeededDataDir('empty', dataDir);
    const imported = await runPortal(['import', ...demoCorpusFiles().slice(0, 30)], { env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
    expect(imported.status, imported.stderr).toBe(0);
    server = await startServer({ command: 'dev', dataDir, env: { METADATA_DIR: dir, LOG_LEVEL: 'warn' } });
    const res = await fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: adminPassword }) });
    expect(res.status).toBe(200);
    token = ((await res.json()) as { payload: { access_token: string } }).payload.access_token;
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on the METADATA_DIR copy and says it watches it', async () => {
    expect(await health()).toBe(metadataHash(dir));
    expect(await status()).toEqual({ version: metadataHash(dir), watching: true, problems: [] });
    const md = await get<MetadataResponse>('/api/metadata', true);
    expect(md.version).toBe(metadataHash(dir));
    expect(md.watching).toBe(true);
    expect(md.problems).toEqual([]);
    expect(server.output()).toContain(`Watching ${join(dir, 'schemas')} and ${join(dir, 'rules')}`);
  });

  it('a saved rule change shows in /api/health and /api/metadata without a restart', async () => {
    const before = await health();
    const edited = original();
    edited.rules[0].description = 'Edited while the server runs.';
    save(edited);
    const after = await until('the reload', health, (h) => h !== before);
    expect(after).toBe(metadataHash(dir));
    const md = await get<MetadataResponse>('/api/metadata', true);
    expect(md.version).toBe(after);
    expect((md.files[ruleFile] as RuleFile).rules[0].description).toBe('Edited while the server runs.');
    expect(server.output()).toMatch(/metadata: reloaded after rules\/product\/visibility\.json: version [0-9a-f]{12}/);
  });

  it('a broken save keeps the last good metadata serving and reports the file and JSON path; the fix loads', async () => {
    const good = await health();
    const goodFiles = (await get<MetadataResponse>('/api/metadata', true)).files;

    const broken = original();
    broken.rules[0].when.chain_any[0].var = 'sectorz';
    save(broken);
    const reported = await until('the problem report', status, (s) => s.problems.length > 0);
    const problem = { file: ruleFile, path: '$.rules[0].when.chain_any[0].var', message: 'unknown field "sectorz"' };
    expect(reported).toEqual({ version: good, watching: true, problems: [problem] });
    expect(await health()).toBe(good);
    const md = await get<MetadataResponse>('/api/metadata', true);
    expect(md.version).toBe(good);
    expect(md.problems).toEqual([problem]);
    expect(md.files).toEqual(goodFiles);
    // The terminal gets the same `file:json-path: problem` line `portal rules lint` prints.
    expect(server.output()).toContain('rules/product/visibility.json:$.rules[0].when.chain_any[0].var: unknown field "sectorz"');
    expect(server.output()).toMatch(/metadata: 1 problem\(s\) after rules\/product\/visibility\.json; still serving the last good version/);

    // Not even JSON: still the last good version, the problem names the file.
    save('{ "rules": [');
    const unreadable = await until('the JSON problem', status, (s) => s.problems.some((p) => p.message.startsWith('not valid JSON')));
    expect(unreadable.version).toBe(good);
    expect(unreadable.problems).toEqual([expect.objectContaining({ file: ruleFile, path: '$' })]);

    const fixed = original();
    fixed.rules[0].description = 'Fixed.';
    save(fixed);
    const after = await until('the fix to load', status, (s) => s.problems.length === 0 && s.version !== good);
    expect(after.version).toBe(metadataHash(dir));
    expect(await health()).toBe(after.version);
    const reloaded = await get<MetadataResponse>('/api/metadata', true);
    expect(reloaded.problems).toEqual([]);
    expect((reloaded.files[ruleFile] as RuleFile).rules[0].description).toBe('Fixed.');
  });

  it('serves a loader added under portal dev without a restart, and answers 404 once it is removed', async () => {
    const url = `/api/entryDateOnly/${productId}`;
    expect((await call('GET', url)).status).toBe(404);
    const doc = (await call('GET', `/api/product/${productId}`)).body.payload as Record<string, unknown>;
    const entryDate = (json: Record<string, unknown>) => (json.properties as Record<string, Record<string, unknown>>).entry_date;
    await editAndReload(sectionFile, (json) => void (entryDate(json)['x-loader'] = { path: 'entryDateOnly/{id}', item: { entry_date: '{entry_date}' } }));
    const added = await call('GET', url);
    expect(added).toEqual({ status: 200, body: { statusCode: 200, payload: { entry_date: doc.entry_date } } });

    await editAndReload(sectionFile, (json) => void delete entryDate(json)['x-loader']);
    const removed = await call('GET', url);
    expect(removed).toEqual({ status: 404, body: { error: 'Not Found', message: `Route GET ${url} not found` } });
    // The loaders the metadata still declares keep answering.
    expect((await call('GET', `/api/audience/${productId}`)).status).toBe(200);
  });

  it('a column and sort added to schemas/dashboards/ reach the email list\'s SELECT and ORDER BY without a restart', async () => {
    // Every status, so all the demo emails (fewer than a page) are listed.
    const everyStatus = { show_blank: true, show_unused: true, show_used: true, show_copy: true, show_junk: true };
    const list = (direction: string) =>
      call('POST', '/api/emails/search', { search: everyStatus, request: { page: 1, perpage: 50, panelist: 'all', dashboard: 'focus', sorting_field: 'raw_size', sorting_direction: direction } });
    const refused = await list('asc');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Unknown sort field "raw_size": one of muid, /);

    await editAndReload(dashboardFile, (json) => {
      const columns = json.columns as Array<Record<string, unknown>>;
      columns.splice(columns.length - 1, 0, { key: 'raw_size', label: 'Size', kind: 'text', field: 'raw_size', sort: 'raw_size', width: 80 });
    });
    const sorted = await list('asc');
    expect(sorted.status, JSON.stringify(sorted.body).slice(0, 300)).toBe(200);
    const sizes = (sorted.body.payload as Array<{ raw_size: number }>).map((r) => r.raw_size);
    expect(sizes.length).toBeGreaterThan(10);
    expect(sizes.every((n) => typeof n === 'number' && n > 0)).toBe(true);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(sorted.body.totalEmails).toBe(sizes.length);
    const descending = await list('desc');
    expect((descending.body.payload as Array<{ raw_size: number }>).map((r) => r.raw_size)).toEqual([...sizes].reverse());
  });
});
