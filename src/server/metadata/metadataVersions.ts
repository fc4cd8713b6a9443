import { execFileSync } from 'node:child_process';
import type { Metadata } from '../../engine/types';
import { metadataHash } from '../metadataHash';
import { loadMetadataFromDir } from './loadMetadataFromDir';
import { loadMetadataFromGitRef, resolveGitRef, UnknownRefError } from './loadMetadataFromGitRef';

/** The metadata files in the folder now, whatever the server serves. */
export const DISK = 'disk';

/** A version the Rule changes screen can compare: the files on disk, or a commit of the metadata repository. */
export interface MetadataVersionOption {
  /** `disk`, `HEAD`, or a commit id. */
  ref: string;
  label: string;
}

/** A ref a request may name: no leading `-` (git would read an option), no spaces or shell-ish characters. */
const refPattern = /^[A-Za-z0-9_][A-Za-z0-9_./~^@{}-]{0,99}$/;

export class VersionError extends Error {}

function git(dir: string, args: string[]): string {
  return execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 24 }).toString('utf8');
}

/** Whether `dir` is the top folder of a git repository (refs name its schemas/ and rules/). */
export function isRepositoryRoot(dir: string): boolean {
  try {
    return git(dir, ['rev-parse', '--show-prefix']).trim() === '' && git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).trim() !== '';
  } catch {
    return false;
  }
}

/** `disk`, then HEAD and the last commits that changed schemas/ or rules/ (newest first). */
export function metadataVersionOptions(dir: string, limit = 30): MetadataVersionOption[] {
  const out: MetadataVersionOption[] = [{ ref: DISK, label: 'The files on disk' }];
  if (!isRepositoryRoot(dir)) return out;
  out.push({ ref: 'HEAD', label: `HEAD: the last commit (${git(dir, ['log', '-1', '--format=%h %s']).trim()})` });
  const log = git(dir, ['log', `-${limit}`, '--format=%H%x09%h %ad %s', '--date=short', '--', 'schemas', 'rules']).trim();
  for (const line of log ? log.split('\n') : []) {
    const [sha, label] = line.split('\t');
    out.push({ ref: sha, label });
  }
  return out;
}

/** A version's files and a key that changes whenever they do (the disk's hash, a commit id). */
export function loadMetadataVersion(dir: string, ref: string): { metadata: Metadata; key: string } {
  if (ref === DISK) return { metadata: loadMetadataFromDir(dir), key: `disk:${metadataHash(dir)}` };
  if (!refPattern.test(ref)) throw new VersionError(`"${ref}" is not a git ref`);
  if (!isRepositoryRoot(dir)) throw new VersionError(`the metadata folder ${dir} is not the top of a git repository: only "${DISK}" can be compared`);
  try {
    const commit = resolveGitRef(ref, dir);
    return { metadata: loadMetadataFromGitRef(commit, dir), key: `git:${commit}` };
  } catch (e) {
    if (e instanceof UnknownRefError) throw new VersionError(`"${ref}" is not a commit of the metadata repository`);
    throw e;
  }
}
