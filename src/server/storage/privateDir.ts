import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * Creates a folder only its owner can read (0700: the data directory holds panelists' personal data,
 * raw mail and the JWT secret's database). An existing folder left group/world-readable is narrowed.
 * A folder that cannot be made (read-only disk, a file in the way, no permission) names DATA_DIR: the
 * operator read only Node's "ENOTDIR: not a directory, mkdir ..." before.
 */
export function ensurePrivateDir(path: string): void {
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o700);
  } catch (err) {
    throw new Error(`cannot use the data folder ${path} (${(err as Error).message}): DATA_DIR must name a folder this user can create and write`, { cause: err });
  }
}
