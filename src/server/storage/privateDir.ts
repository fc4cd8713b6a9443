import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * Creates a folder only its owner can read (0700: the data directory holds panelists' personal data,
 * raw mail and the JWT secret's database). An existing folder left group/world-readable is narrowed.
 */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o700);
}
