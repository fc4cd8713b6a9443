import { randomUUID } from 'node:crypto';
import type { Db } from '../db/Db';
import type { MetadataStore } from './metadataStore';

/** The NOTIFY channel instances announce metadata reloads on. */
export const metadataChannel = 'portal_metadata';

/**
 * Keeps several instances on one database serving the same metadata: when this instance swaps in
 * new metadata (the `portal dev` watcher, SIGHUP) it sends NOTIFY; every other instance then
 * reloads its own METADATA_DIR (a shared or identically deployed folder, see README). Only good
 * metadata spreads: a reload refused by lint notifies nobody. Resolves to a stop function.
 */
export async function shareMetadataReloads(db: Db, store: MetadataStore, log: (line: string) => void): Promise<() => Promise<void>> {
  const me = randomUUID();
  let fromPeer = false;
  const unsubscribe = store.subscribe((result) => {
    if (!result.changed || fromPeer) return;
    db.query('select pg_notify($1, $2)', [metadataChannel, JSON.stringify({ from: me, version: result.version })]).catch((err: unknown) =>
      log(`metadata: could not notify other instances: ${(err as Error).message}`),
    );
  });
  const unlisten = await db.listen(metadataChannel, (payload) => {
    let msg: { from?: string; version?: string };
    try {
      msg = JSON.parse(payload) as typeof msg;
    } catch {
      return;
    }
    if (msg.from === me || msg.version === store.current().version) return;
    fromPeer = true;
    try {
      const r = store.reload();
      if (r.changed) log(`metadata: reloaded version ${r.version.slice(0, 12)} announced by another instance`);
      else if (!r.ok) log(`metadata: another instance loaded ${msg.version?.slice(0, 12)}, but the files here do not lint: still serving ${r.version.slice(0, 12)}`);
    } finally {
      fromPeer = false;
    }
  });
  return async () => {
    unsubscribe();
    await unlisten();
  };
}
