import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePrivateDir } from '../../../src/server/storage/privateDir';

describe('ensurePrivateDir (the data directory)', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-private-dir-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('makes the folder readable by its owner only', () => {
    const dir = join(tmp, 'data', 'db');
    ensurePrivateDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('says which folder cannot be used and that DATA_DIR must name a writable one', () => {
    const file = join(tmp, 'not-a-folder');
    writeFileSync(file, '');
    expect(() => ensurePrivateDir(join(file, 'data'))).toThrow(`cannot use the data folder ${join(file, 'data')} (ENOTDIR: not a directory, mkdir '${join(file, 'data')}'): DATA_DIR must name a folder this user can create and write`);
  });
});
