import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { projectRoot } from './paths';

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/**
 * The single source of the metadata version: sha256 over every file under schemas/ and rules/,
 * taken in sorted relative-path order, each contributing its path and content (with separators so
 * moving bytes between path and content changes the hash).
 */
export function metadataHash(root: string = projectRoot): string {
  const files = [...listFiles(join(root, 'schemas')), ...listFiles(join(root, 'rules'))]
    .map((abs) => ({ abs, rel: relative(root, abs).split(sep).join('/') }))
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const hash = createHash('sha256');
  for (const f of files) {
    const content = readFileSync(f.abs);
    hash.update(`${f.rel}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}
