import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MetadataStore, type ReloadResult } from '../../../src/server/metadata/metadataStore';
import { watchMetadata } from '../../../src/server/metadata/watchMetadata';
import { metadataHash } from '../../../src/server/metadataHash';
import { projectRoot } from '../../../src/server/paths';
import { documentChecksReady } from '../../../src/server/products/prepareDocument';
import { keepDocumentChecksWarm } from '../../../src/server/warmUp';

const ruleFile = 'rules/product/visibility.json';
const copy = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-store-'));
  for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(dir, sub), { recursive: true });
  return dir;
};
const bankingVisible = (store: MetadataStore, doc: unknown) => store.current().engine.evaluate(doc).blocks.banking.visible;
const banking = { sectors: [[{ id: 87, name: 'Banking', sequence: 1, sectorWorksiteVoluntary: 0 }]] };

describe('MetadataStore', { timeout: 60_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('swaps in edited metadata only when it lints clean; the last good metadata keeps serving', () => {
    const dir = copy();
    dirs.push(dir);
    const store = new MetadataStore(dir);
    expect(documentChecksReady(store.current().engine)).toBe(false);
    // What the server does before it listens: the save's document checks are made, and remade for each new engine.
    keepDocumentChecksWarm(store);
    expect(documentChecksReady(store.current().engine)).toBe(true);
    const seen: ReloadResult[] = [];
    store.subscribe((r) => seen.push(r));
    const v0 = store.current().version;
    expect(v0).toBe(metadataHash(dir));
    expect(store.lastError).toBeNull();
    expect(bankingVisible(store, banking)).toBe(true);

    expect(store.reload()).toEqual({ ok: true, changed: false, version: v0, problems: [] });
    expect(seen).toEqual([]);

    // A gate change: the compiled engine follows the files.
    const file = join(dir, ruleFile);
    const original = readFileSync(file, 'utf8');
    const rules = JSON.parse(original) as { rules: Array<{ when: { chain_any: [unknown, number[], number] } }> };
    rules.rules[0].when.chain_any[1] = [90]; // another sector of the table (lint refuses codes that are not)
    writeFileSync(file, JSON.stringify(rules));
    const good = store.reload();
    expect(good).toEqual({ ok: true, changed: true, version: metadataHash(dir), problems: [] });
    expect(store.current().version).toBe(good.version);
    expect(bankingVisible(store, banking)).toBe(false);
    expect(documentChecksReady(store.current().engine)).toBe(true);

    // A dangling $ref: refused with file and JSON path; the gate edit keeps serving.
    const schemaFile = join(dir, 'schemas/product/sectors/delivery.json');
    const schemaText = readFileSync(schemaFile, 'utf8');
    writeFileSync(schemaFile, schemaText.replace('"codes/delivery_method"', '"codes/delivery_methods"'));
    const bad = store.reload();
    expect(bad.ok).toBe(false);
    expect(bad.changed).toBe(false);
    expect(bad.version).toBe(good.version);
    expect(bad.problems).toContainEqual(expect.objectContaining({ file: 'schemas/product/sectors/delivery.json', path: '$.properties.delivery_method.$ref' }));
    expect(store.current().version).toBe(good.version);
    expect(store.lastError).toEqual(expect.objectContaining({ version: metadataHash(dir), problems: bad.problems }));
    expect(bankingVisible(store, banking)).toBe(false);
    // The same broken files again: nothing new to say.
    expect(store.reload()).toEqual({ ok: false, changed: false, version: good.version, problems: bad.problems });

    // Undoing the broken edit returns to what is served: the problem is gone, nothing swapped.
    writeFileSync(schemaFile, schemaText);
    expect(store.reload()).toEqual({ ok: true, changed: false, version: good.version, problems: [] });
    expect(store.lastError).toBeNull();
    expect(seen.map((r) => [r.ok, r.changed])).toEqual([
      [true, true],
      [false, false],
      [true, false],
    ]);
  });

  it('starts on metadata with problems when it compiles, reporting them (there is no last good version)', () => {
    const dir = copy();
    dirs.push(dir);
    const file = join(dir, 'schemas/codes/yes_no.json');
    const table = JSON.parse(readFileSync(file, 'utf8')) as { oneOf: Array<{ const: unknown }> };
    table.oneOf[1].const = table.oneOf[0].const;
    writeFileSync(file, JSON.stringify(table));
    const store = new MetadataStore(dir);
    expect(store.problems).toContainEqual(expect.objectContaining({ file: 'schemas/codes/yes_no.json', path: '$.oneOf[1].const' }));
    expect(store.current().version).toBe(metadataHash(dir));
  });
});

describe('watchMetadata', { timeout: 60_000 }, () => {
  it('reloads a moment after a save, new sub-folders included, and prints problems as file:json-path: problem', async () => {
    const dir = copy();
    const lines: string[] = [];
    const store = new MetadataStore(dir);
    const watcher = watchMetadata(store, { debounceMs: 50, print: (l) => lines.push(l) });
    const waitFor = async (re: RegExp) => {
      const deadline = Date.now() + 10_000;
      while (!lines.some((l) => re.test(l))) {
        if (Date.now() > deadline) throw new Error(`no line matching ${re}:\n${lines.join('\n')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      expect(store.watching).toBe(true);
      const v0 = store.current().version;
      // A sector's rules as files only, in a folder created while watching.
      mkdirSync(join(dir, 'rules/product/extra'));
      writeFileSync(
        join(dir, 'rules/product/extra/pet.json'),
        JSON.stringify({ rules: [{ id: 'pet.visible', kind: 'visible', target: 'banking', when: { '==': [{ var: 'media_channel' }, 1] }, source: 'test' }] }),
      );
      await waitFor(/^metadata: reloaded after .*rules\/product\/extra\/pet\.json: version [0-9a-f]{12}$/);
      expect(store.current().version).not.toBe(v0);
      expect(store.current().engine.rules.map((r) => r.id)).toContain('pet.visible');

      writeFileSync(join(dir, 'rules/product/extra/pet.json'), JSON.stringify({ rules: [{ id: 'pet.visible', kind: 'visible', target: 'banking', when: { '==': [{ var: 'media_chanel' }, 1] }, source: 'test' }] }));
      await waitFor(/^rules\/product\/extra\/pet\.json:\$\.rules\[0\]\.when\["=="\]\[0\]\.var: unknown field "media_chanel"$/);
      expect(lines).toContainEqual(expect.stringMatching(/^metadata: 1 problem\(s\) after .*rules\/product\/extra\/pet\.json; still serving the last good version [0-9a-f]{12}$/));
      // Editor swap files are not metadata: saved before a fix, only the fix is named by the reload
      // it causes (events arrive in order, so the swap file's would be in it or in one before).
      const before = lines.length;
      writeFileSync(join(dir, 'rules/product/extra/.pet.json.swp'), 'x');
      writeFileSync(join(dir, 'rules/product/extra/pet.json'), JSON.stringify({ rules: [{ id: 'pet.visible', kind: 'visible', target: 'banking', when: { '==': [{ var: 'media_channel' }, 2] }, source: 'test' }] }));
      await waitFor(/^metadata: reloaded after rules\/product\/extra\/pet\.json: version [0-9a-f]{12}$/);
      expect(lines.slice(before).filter((l) => l.includes('.swp'))).toEqual([]);
    } finally {
      watcher.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(store.watching).toBe(false);
  });
});
