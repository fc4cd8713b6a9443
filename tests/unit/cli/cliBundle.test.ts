import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cliBundle } from '../../../bin/cliBundle.js';

// `portal` runs from an esbuild bundle of its sources, cached until one of them changes (bin/cliBundle.js).
const tmp = mkdtempSync(join(tmpdir(), 'portal-cli-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Seen = { greeting: string; url: string };
const run = async (bundle: string): Promise<Seen> => {
  await import(`${pathToFileURL(bundle).href}?run=${Math.random()}`);
  return (globalThis as unknown as { cliBundleSeen: Seen }).cliBundleSeen;
};

describe('the command-line bundle', () => {
  it("keeps each module's own import.meta.url, is reused while the sources are unchanged and rebuilt when one changes", async () => {
    const src = join(tmp, 'src');
    const cacheDir = join(tmp, 'cache');
    mkdirSync(src);
    writeFileSync(join(src, 'greeting.ts'), "export const greeting: string = 'hello';\nexport const url = import.meta.url;\n");
    writeFileSync(join(src, 'entry.ts'), "import { greeting, url } from './greeting';\n(globalThis as any).cliBundleSeen = { greeting, url };\n");

    const first = await cliBundle(join(src, 'entry.ts'), cacheDir);
    expect(first?.startsWith(cacheDir)).toBe(true);
    expect(await run(first as string)).toEqual({ greeting: 'hello', url: pathToFileURL(join(src, 'greeting.ts')).href });
    const builtAt = statSync(first as string).mtimeMs;

    expect(await cliBundle(join(src, 'entry.ts'), cacheDir)).toBe(first);
    expect(statSync(first as string).mtimeMs).toBe(builtAt);

    writeFileSync(join(src, 'greeting.ts'), "export const greeting: string = 'changed';\nexport const url = import.meta.url;\n");
    const rebuilt = await cliBundle(join(src, 'entry.ts'), cacheDir);
    expect(rebuilt).not.toBe(first);
    expect((await run(rebuilt as string)).greeting).toBe('changed');
  });

  it("is rebuilt when the cache holds another checkout's bundle (a node_modules copied or hard-linked from it)", async () => {
    const src = join(tmp, 'src3');
    const cacheDir = join(tmp, 'cache3');
    mkdirSync(src);
    writeFileSync(join(src, 'entry.ts'), "(globalThis as any).cliBundleSeen = { greeting: 'here', url: import.meta.url };\n");
    const first = await cliBundle(join(src, 'entry.ts'), cacheDir);
    expect(await cliBundle(join(src, 'entry.ts'), cacheDir)).toBe(first);
    // The same inputs, unchanged, but built from another checkout.
    const manifestFile = join(cacheDir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { root: string; bundle: string };
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, root: '/elsewhere/checkout', bundle: 'portal-elsewhere.mjs' }));
    writeFileSync(join(cacheDir, 'portal-elsewhere.mjs'), '');
    expect(await cliBundle(join(src, 'entry.ts'), cacheDir)).toBe(first);
    expect((JSON.parse(readFileSync(manifestFile, 'utf8')) as { root: string }).root).toBe(manifest.root);
  });

  it('is undefined (the command then runs through tsx) when the cache folder cannot be written', async () => {
    const src = join(tmp, 'src2');
    mkdirSync(src);
    writeFileSync(join(src, 'entry.ts'), 'export const x = 1;\n');
    writeFileSync(join(tmp, 'a-file'), 'not a folder');
    expect(await cliBundle(join(src, 'entry.ts'), join(tmp, 'a-file', 'cache'))).toBeUndefined();
  });
});
