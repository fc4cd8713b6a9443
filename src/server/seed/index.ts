import type { Db } from '../db/Db';
import { seedDemoProducts } from '../products/seedDemoProducts';
import { demoPdfCount, seedDemoPdfs } from './seedDemoPdfs';
import { linkDemoProducts } from './linkDemoProducts';
import { seedPanelistFlags } from './seedPanelistFlags';
import { seedReference } from './seedReference';
import { seedPredictions } from '../predictions/seedPredictions';
import { importDemoCorpus, inboxIsEmpty } from '../import/index';
import type { FileStorage } from '../storage/FileStorage';
import { fsStorage, storageRoot } from '../storage/fsStorage';
import { mergeSearchIndexes } from '../emails/mergeSearchIndexes';

export interface SeedOptions {
  /** Attachments of the demo inbox go to file storage under this data directory. */
  dataDir?: string;
  /** Where the demo PDFs and the inbox's files go (default: DATA_DIR/files when dataDir is given). */
  storage?: FileStorage;
  /** How many demo emails to import: undefined = the whole corpus, 0 = none (DEMO_EMAILS). */
  demoEmails?: number;
  /** How many demo products get a PDF (DEMO_PDFS, default demoPdfCount; 0 for none); needs dataDir. */
  demoPdfs?: number;
}

/** Loads the deterministic demo data: reference rows, demo products, the real demo inbox and links between them. Idempotent. */
export async function seedDemo(db: Db, log: (msg: string) => void = () => undefined, opts: SeedOptions = {}): Promise<void> {
  await seedReference(db, log);
  const flagged = await seedPanelistFlags(db);
  if (flagged) log(`seed: ${flagged} demo panelists flagged`);
  await seedDemoProducts(db, log);
  const storage = opts.storage ?? (opts.dataDir ? fsStorage(storageRoot(opts.dataDir)) : undefined);
  // Demo products' PDFs: stored now, their pages and text made by the PDF job once the server runs.
  if (storage) await seedDemoPdfs(db, storage, log, opts.demoPdfs ?? demoPdfCount);
  if (opts.demoEmails !== 0 && (await inboxIsEmpty(db))) {
    const started = Date.now();
    const summary = await importDemoCorpus(db, {
      limit: opts.demoEmails,
      attachmentStore: storage,
    });
    log(`seed: demo inbox imported (${summary.imported} emails, ${summary.failed} failed) in ${Date.now() - started} ms`);
    // The predictions' labelled links (a sender's emails catalogue one campaign) first; the rest of
    // the email-channel catalogue is then linked evenly over the inbox, with Copy emails.
    await seedPredictions(db, log);
    const links = await linkDemoProducts(db);
    if (links) log(`seed: ${links.used} demo products catalogued from demo emails (Used), ${links.copies} more emails assigned as Copy`);
    // Linking wrote those emails anew: the first users' searches read them from the indexes.
    await mergeSearchIndexes(db).catch((err: unknown) => log(`seed: search indexes not merged (${err instanceof Error ? err.message : String(err)}); autovacuum merges them later`));
  }
}
