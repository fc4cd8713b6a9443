import type { PortalConfig } from '../context';
import type { FileStorage } from './FileStorage';
import { fsStorage, storageRoot } from './fsStorage';

const opened = new Map<string, FileStorage>();

/** The portal's file storage for a configuration: DATA_DIR/files (one instance per place, shared by its callers). */
export function storageFor(config: Pick<PortalConfig, 'dataDir'>): FileStorage {
  const place = `file:${storageRoot(config.dataDir)}`;
  let storage = opened.get(place);
  if (!storage) {
    storage = fsStorage(storageRoot(config.dataDir));
    opened.set(place, storage);
  }
  return storage;
}
