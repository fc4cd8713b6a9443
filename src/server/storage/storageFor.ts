import type { PortalConfig } from '../context';
import type { FileStorage } from './FileStorage';
import { fsStorage, storageRoot } from './fsStorage';
import { parseS3Url, s3ClientFromEnv, s3Storage } from './s3Storage';

const opened = new Map<string, FileStorage>();

/**
 * The portal's file storage for a configuration: the bucket and prefix of STORAGE_URL (s3://...),
 * or DATA_DIR/files. One instance per place, shared by its callers (one S3 client and its sockets).
 */
export function storageFor(config: Pick<PortalConfig, 'dataDir' | 'storageUrl'>): FileStorage {
  const place = config.storageUrl ?? `file:${storageRoot(config.dataDir)}`;
  let storage = opened.get(place);
  if (!storage) {
    storage = config.storageUrl ? s3Storage(s3ClientFromEnv(), parseS3Url(config.storageUrl)) : fsStorage(storageRoot(config.dataDir));
    opened.set(place, storage);
  }
  return storage;
}
