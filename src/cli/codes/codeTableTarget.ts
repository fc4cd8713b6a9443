import { resolve } from 'node:path';
import type { Metadata } from '../../engine/types';
import { loadMetadataFromDir } from '../../server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../server/paths';
import { CodesInputError } from './CodesError';

export interface CodeTableTarget {
  id: string;
  /** Path under the metadata folder: `schemas/codes/<name>.json`. */
  rel: string;
}

/** `audience`, `codes/audience` or `schemas/codes/audience.json`: the table's id and file. */
export function codeTableTarget(name: string): CodeTableTarget {
  const bare = name.replace(/^schemas\//, '').replace(/^codes\//, '').replace(/\.json$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(bare)) throw new CodesInputError(`"${name}" is not a code table name (letters, digits, _ and -, e.g. audience)`);
  return { id: `codes/${bare}`, rel: `schemas/codes/${bare}.json` };
}

/** The metadata under `dir` (default: the project), refusing a folder with unreadable files. */
export function loadMetadataFolder(dir: string | undefined): { root: string; metadata: Metadata } {
  const root = resolve(dir ?? projectRoot);
  const metadata = loadMetadataFromDir(root);
  if (!Object.keys(metadata.files).length) throw new CodesInputError(`no metadata files under ${root}/schemas or /rules`);
  const unreadable = metadata.problems ?? [];
  if (unreadable.length) throw new CodesInputError(`unreadable metadata under ${root}:\n${unreadable.map((p) => `${p.file}: ${p.message}`).join('\n')}`);
  return { root, metadata };
}
