import type { Db } from '../db/Db';
import type { AuthSettings } from './authSettings';

/** What the session functions need: the database, the JWT key and the settings. */
export interface AuthRuntime {
  db: Db;
  key: Uint8Array;
  settings: AuthSettings;
}
