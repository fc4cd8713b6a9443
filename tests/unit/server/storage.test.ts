import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageKeyError, StorageNotFoundError, type FileStorage } from '../../../src/server/storage/FileStorage';
import { fsStorage, storageRoot } from '../../../src/server/storage/fsStorage';
import { validateKey } from '../../../src/server/storage/validateKey';
import { sampleSeed, sized } from '../../helpers/testSize';

const text = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

/** Every file under dir, relative, sorted. */
const tree = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();

describe('fsStorage under DATA_DIR/files', { timeout: 60_000 }, () => {
  let dataDir: string;
  let root: string;
  let files: FileStorage;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-files-'));
    root = storageRoot(dataDir);
    files = fsStorage(root);
    // A file just outside the root, which escaping keys would reach.
    writeFileSync(join(dataDir, 'secret.txt'), 'outside');
    mkdirSync(join(dataDir, 'db'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('puts, gets, streams, overwrites and deletes by key', async () => {
    expect(root).toBe(join(dataDir, 'files'));
    expect(await files.exists('emails/12/logo.png')).toBe(false);
    await files.put('emails/12/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(await files.exists('emails/12/logo.png')).toBe(true);
    expect([...(await files.get('emails/12/logo.png'))]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    await files.put('notes.txt', 'first');
    await files.put('notes.txt', 'second');
    expect((await files.get('notes.txt')).toString()).toBe('second');
    expect(await text(await files.stream('notes.txt'))).toBe('second');

    await files.put('uploads/big.bin', Readable.from([Buffer.from('a'.repeat(100_000)), Buffer.from('b')]));
    expect((await files.get('uploads/big.bin')).length).toBe(100_001);

    expect(tree(root)).toEqual(['emails/12/logo.png', 'notes.txt', 'uploads/big.bin']);
    await files.delete('notes.txt');
    await files.delete('notes.txt');
    expect(await files.exists('notes.txt')).toBe(false);
    expect(await files.exists('emails/12')).toBe(false); // a folder is not a file
  });

  it('reports a missing file as StorageNotFoundError (404)', async () => {
    await expect(files.get('nope.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(files.stream('nope.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(files.get('nope.txt')).rejects.toMatchObject({ statusCode: 404 });
  });

  const escaping = [
    '../secret.txt',
    '../../etc/passwd',
    'a/../../secret.txt',
    'emails/../../secret.txt',
    '..',
    'a/..',
    './a',
    '/etc/passwd',
    `${tmpdir()}/x`,
    '..\\secret.txt',
    'a\\..\\..\\secret.txt',
    'C:/Windows/win.ini',
    'c:secret',
    'a\0.txt',
    'a\n.txt',
    '',
    'a//b',
    'a/',
    '/',
  ];

  it.each(escaping)('refuses the key %j for every operation and touches nothing outside the root', async (key) => {
    const before = tree(dataDir);
    await expect(files.put(key, 'pwned')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(files.get(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(files.stream(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(files.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(files.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(files.get(key)).rejects.toMatchObject({ statusCode: 400 });
    expect(tree(dataDir)).toEqual(before);
    expect(tree(dataDir)).toContain('secret.txt');
  });

  it('accepts ordinary names with dots, spaces and unicode', async () => {
    for (const key of ['report..final.pdf', '.hidden', 'a/b c/ünïcode – ok.txt', '...']) {
      await files.put(key, key);
      expect((await files.get(key)).toString()).toBe(key);
    }
  });

  it('lists the files directly inside a folder with their write time; a missing folder has none', async () => {
    expect(await files.list('listing')).toEqual([]);
    await files.put('listing/a.pdf', 'a');
    await files.put('listing/sub/b.pdf', 'b');
    const listed = await files.list('listing');
    expect(listed.map((f) => f.key)).toEqual(['listing/a.pdf']);
    expect(Math.abs(listed[0].modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    await expect(files.list('../')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('never maps any accepted key outside the root (property)', () => {
    const base = resolve('/srv/files');
    const segment = fc.constantFrom('..', '.', '', 'a', 'b.c', '\\', '/', ':', 'C:', '\0', '%2e%2e', '~');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }).map((parts) => parts.join('')), fc.string(), (joined, noise) => {
        for (const key of [joined, noise, `${joined}${noise}`]) {
          let accepted: string;
          try {
            accepted = validateKey(key);
          } catch (err) {
            expect(err).toBeInstanceOf(StorageKeyError);
            continue;
          }
          expect(resolve(base, accepted).startsWith(base + sep)).toBe(true);
        }
      }),
      // 2,000 runs under `npm run test:full`; a seeded 300 in `npm test`.
      { numRuns: sized(2000, 300), seed: sampleSeed },
    );
  });
});
