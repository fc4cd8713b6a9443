import { execFileSync } from 'node:child_process';
import type { LintProblem, Metadata } from '../../engine/types';
import { jsonSyntaxMessage } from './jsonSyntaxMessage';

/** A git ref that does not name a commit in the repository. */
export class UnknownRefError extends Error {}

function git(cwd: string, args: string[], input?: Buffer): Buffer {
  return execFileSync('git', args, { cwd, input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** The commit a ref names, or UnknownRefError. */
export function resolveGitRef(ref: string, cwd: string): string {
  try {
    return git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).toString().trim();
  } catch {
    throw new UnknownRefError(`"${ref}" is neither a folder holding schemas/ and rules/ nor a git ref of ${cwd}`);
  }
}

/**
 * Reads `schemas/**` and `rules/**` of a git ref (HEAD~1, main, a commit) without touching the
 * working tree: `git ls-tree` lists the files, one `git cat-file --batch` reads them all.
 * Same shape as loadMetadataFromDir; unparsable files become problems.
 */
export function loadMetadataFromGitRef(ref: string, cwd: string): Metadata {
  const commit = resolveGitRef(ref, cwd);
  const names = git(cwd, ['ls-tree', '-r', '--name-only', '-z', commit, '--', 'schemas', 'rules'])
    .toString('utf8')
    .split('\0')
    .filter((f) => f.endsWith('.json') && !f.startsWith('schemas/meta/'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const files: Record<string, unknown> = {};
  const problems: LintProblem[] = [];
  if (!names.length) return { files };
  const out = git(cwd, ['cat-file', '--batch'], Buffer.from(names.map((n) => `${commit}:${n}\n`).join('')));
  let pos = 0;
  for (const name of names) {
    const eol = out.indexOf(10, pos);
    const header = out.subarray(pos, eol).toString('utf8');
    const size = Number(header.split(' ')[2]);
    if (!Number.isFinite(size) || header.endsWith('missing')) {
      problems.push({ file: name, path: '$', message: `cannot read from ${ref}: ${header}` });
      pos = eol + 1;
      continue;
    }
    const body = out.subarray(eol + 1, eol + 1 + size).toString('utf8');
    pos = eol + 1 + size + 1;
    try {
      files[name] = JSON.parse(body);
    } catch (e) {
      problems.push({ file: name, path: '$', message: `not valid JSON at ${ref}: ${jsonSyntaxMessage(body, e)}` });
    }
  }
  return problems.length ? { files, problems } : { files };
}
