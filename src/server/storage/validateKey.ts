import { StorageKeyError } from './FileStorage';

const maxKeyLength = 1024;

/**
 * Accepts only relative, slash-separated keys whose segments are ordinary names, so a key can never
 * resolve outside the storage root whatever the platform: no `..` or `.` segments, no empty
 * segments, no leading slash or drive letter, no backslash, no NUL or other control characters.
 */
export function validateKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) throw new StorageKeyError(String(key), 'empty');
  if (key.length > maxKeyLength) throw new StorageKeyError(key.slice(0, 40) + '...', `longer than ${maxKeyLength} characters`);
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new StorageKeyError(key, 'contains a control character');
  if (key.includes('\\')) throw new StorageKeyError(key, 'contains a backslash');
  if (key.startsWith('/')) throw new StorageKeyError(key, 'is absolute');
  if (/^[A-Za-z]:/.test(key)) throw new StorageKeyError(key, 'starts with a drive letter');
  for (const segment of key.split('/')) {
    if (segment === '') throw new StorageKeyError(key, 'has an empty segment');
    if (segment === '.' || segment === '..') throw new StorageKeyError(key, `has a "${segment}" segment`);
  }
  return key;
}
