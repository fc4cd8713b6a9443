import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageKeyError, StorageNotFoundError, type FileStorage } from '../../../src/server/storage/FileStorage';
import { fsStorage } from '../../../src/server/storage/fsStorage';
import { parseS3Url, s3ClientFromEnv, s3Storage } from '../../../src/server/storage/s3Storage';
import { startLoopbackS3, type LoopbackS3 } from '../../server/helpers/loopbackS3';

// Issue 31 item 6: the FileStorage contract, on the folder implementation and on S3 (against an
// S3-compatible server on loopback): put, get, range, stream, list, walk, delete, concurrent writers.

const read = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** Deterministic bytes (not one repeated byte: ranges must land on the right offsets). */
function bytes(n: number, seed = 1): Buffer {
  const out = Buffer.allocUnsafe(n); // every byte written below (an array of 9 M numbers first was ~half of this file's CPU)
  for (let i = 0; i < n; i++) out[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  return out;
}

let s3: LoopbackS3;
let dir: string;
/**
 * Whether concurrent puts to one key are checked to end as one whole write. S3 guarantees it (a PUT
 * replaces the whole object); s3rver, the stand-in here, writes objects in place, so two writers of
 * one key interleave there: that half of the check runs on the folder implementation only.
 */
const implementations: Array<[string, () => FileStorage, { atomicSameKey: boolean }]> = [
  ['fsStorage', () => fsStorage(join(dir, 'files')), { atomicSameKey: true }],
  ['s3Storage', () => s3Storage(s3ClientFromEnv(s3.env), parseS3Url(`s3://${s3.bucket}/portal/one`)), { atomicSameKey: false }],
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-storage-contract-'));
  s3 = await startLoopbackS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(implementations)('%s', { timeout: 60_000 }, (_name, make, traits) => {
  let files: FileStorage;
  beforeAll(() => {
    files = make();
  });

  it('puts, gets, overwrites, tells existence and deletes by key', async () => {
    expect(await files.exists('emails/12/logo.png')).toBe(false);
    await files.put('emails/12/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(await files.exists('emails/12/logo.png')).toBe(true);
    expect([...(await files.get('emails/12/logo.png'))]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    await files.put('notes.txt', 'first');
    await files.put('notes.txt', new Uint8Array(Buffer.from('second')));
    expect((await files.get('notes.txt')).toString()).toBe('second');
    await files.delete('notes.txt');
    await files.delete('notes.txt'); // deleting a missing key is not an error
    expect(await files.exists('notes.txt')).toBe(false);
    expect(await files.exists('emails/12')).toBe(false); // a folder is not a file
  });

  it('reports a missing file as StorageNotFoundError (404) and refuses keys that could escape', async () => {
    await expect(files.get('nope.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(files.stream('nope.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(files.getRange('nope.txt', 0, 10)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(files.get('nope.txt')).rejects.toMatchObject({ statusCode: 404 });
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\b', '']) {
      await expect(files.put(key, 'x'), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(files.get(key), key).rejects.toBeInstanceOf(StorageKeyError);
    }
  });

  it('streams both ways: a put from a stream of several parts, a get as a stream', async () => {
    // 9 MiB in uneven chunks: more than one 8 MiB part of an S3 multipart upload.
    const big = bytes(9 * 1024 * 1024 + 123);
    const chunks = [big.subarray(0, 1000), big.subarray(1000, 5_000_000), big.subarray(5_000_000)];
    await files.put('uploads/big.bin', Readable.from(chunks));
    const streamed = await read(await files.stream('uploads/big.bin'));
    expect(streamed.length).toBe(big.length);
    expect(sha(streamed)).toBe(sha(big));
    expect(sha(await files.get('uploads/big.bin'))).toBe(sha(big));
  });

  it('reads byte ranges: inside, across the end (short), past the end (empty)', async () => {
    const data = bytes(10_000, 3);
    await files.put('raw/1/pack', data);
    expect((await files.getRange('raw/1/pack', 0, 10)).equals(data.subarray(0, 10))).toBe(true);
    expect((await files.getRange('raw/1/pack', 4321, 1234)).equals(data.subarray(4321, 5555))).toBe(true);
    expect((await files.getRange('raw/1/pack', 9_990, 100)).equals(data.subarray(9_990))).toBe(true);
    expect((await files.getRange('raw/1/pack', 20_000, 10)).length).toBe(0);
    expect((await files.getRange('raw/1/pack', 5, 0)).length).toBe(0);
  });

  it('lists a folder (its own files only) and walks a prefix at any depth', async () => {
    expect(await files.list('listing')).toEqual([]);
    await files.put('listing/a.pdf', 'a');
    await files.put('listing/sub/b.pdf', 'b');
    await files.put('listing/sub/deeper/c.pdf', 'c');
    await files.put('listingx/d.pdf', 'd'); // shares the prefix "listing" but is another folder
    const listed = await files.list('listing');
    expect(listed.map((f) => f.key)).toEqual(['listing/a.pdf']);
    expect(Math.abs(listed[0].modifiedAt.getTime() - Date.now())).toBeLessThan(120_000);
    const walked: string[] = [];
    for await (const f of files.walk('listing')) walked.push(f.key);
    expect(walked.sort()).toEqual(['listing/a.pdf', 'listing/sub/b.pdf', 'listing/sub/deeper/c.pdf']);
    const all: string[] = [];
    for await (const f of files.walk('')) all.push(f.key);
    expect(all).toEqual(expect.arrayContaining(['listing/a.pdf', 'listingx/d.pdf', 'raw/1/pack', 'emails/12/logo.png']));
    await expect(files.list('../')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('takes concurrent writers: different keys all land; one key ends as one whole write', async () => {
    const many = Array.from({ length: 24 }, (_, i) => ({ key: `concurrent/${i}.bin`, data: bytes(50_000 + i, i) }));
    await Promise.all(many.map((m) => files.put(m.key, m.data)));
    for (const m of many) expect(sha(await files.get(m.key)), m.key).toBe(sha(m.data));
    if (!traits.atomicSameKey) return;
    const versions = Array.from({ length: 8 }, (_, i) => bytes(200_000 + i * 1000, 100 + i));
    await Promise.all(versions.map((v, i) => files.put('concurrent/same.bin', i % 2 ? Readable.from([v.subarray(0, 1000), v.subarray(1000)]) : v)));
    const final = await files.get('concurrent/same.bin');
    expect(versions.map(sha)).toContain(sha(final));
  });
});

describe('fsStorage: a write a kill cut short', () => {
  it('leaves a temporary file that walk never lists and sweepPartial removes once older than the grace', async () => {
    const root = join(dir, 'partial');
    const files = fsStorage(root);
    await files.put('raw/7/pack', 'whole');
    // What put() leaves when the process dies between writing its temporary file and the rename.
    mkdirSync(join(root, 'raw', '8'), { recursive: true });
    const old = join(root, 'raw', '8', 'pack.0123456789ab.tmp');
    const fresh = join(root, 'raw', '7', 'pack.ba9876543210.tmp');
    writeFileSync(old, 'half');
    writeFileSync(fresh, 'half');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, hourAgo, hourAgo);
    const walked: string[] = [];
    for await (const f of files.walk('')) walked.push(f.key);
    expect(walked).toEqual(['raw/7/pack']);

    // A temporary file written since the cut-off may be a running write: kept.
    expect(await files.sweepPartial?.(new Date(Date.now() - 60_000))).toEqual(['raw/8/pack.0123456789ab.tmp']);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect((await files.get('raw/7/pack')).toString()).toBe('whole');
  });
});

describe('STORAGE_URL', { timeout: 60_000 }, () => {
  it('names a bucket and an optional prefix', () => {
    expect(parseS3Url('s3://portal-files')).toEqual({ bucket: 'portal-files', prefix: '' });
    expect(parseS3Url('s3://portal-files/prod/eu/')).toEqual({ bucket: 'portal-files', prefix: 'prod/eu/' });
    expect(() => parseS3Url('https://portal-files')).toThrow('STORAGE_URL must look like s3://bucket/prefix, got "https://portal-files"');
  });

  it('keeps two prefixes of one bucket apart', async () => {
    const client = s3ClientFromEnv(s3.env);
    const a = s3Storage(client, parseS3Url(`s3://${s3.bucket}/tenant-a`));
    const b = s3Storage(client, parseS3Url(`s3://${s3.bucket}/tenant-b`));
    await a.put('same/key.txt', 'from a');
    expect(await b.exists('same/key.txt')).toBe(false);
    const inB: string[] = [];
    for await (const f of b.walk('')) inB.push(f.key);
    expect(inB).toEqual([]);
  });
});
