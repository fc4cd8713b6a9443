import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseS3Url, s3ClientFromEnv, s3Storage } from '../../src/server/storage/s3Storage';
import { startLoopbackS3, type LoopbackS3 } from './helpers/loopbackS3';
import { minimalPdf, signIn } from './helpers/portalClient';
import { startServer, type StartedServerProcess } from './helpers/startServer';
import { createTestDatabase, testDbKind } from './helpers/testDb';
import { approvableProduct } from './productsKit';

// Issue 31 item 6: two instances on one PostgreSQL database, each with its own DATA_DIR, share
// their files only through object storage (STORAGE_URL): what one stores, the other opens.

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const password = 'shared-storage-password';

describe.skipIf(testDbKind !== 'postgres')('two instances with separate DATA_DIRs on S3 storage', { timeout: 600_000 }, () => {
  let s3: LoopbackS3 | undefined;
  const servers: StartedServerProcess[] = [];
  let dropDb: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await dropDb?.();
    await s3?.close();
  });

  it('opens on one instance what the other stored: the demo inbox originals and an uploaded PDF', async () => {
    s3 = await startLoopbackS3();
    const database = await createTestDatabase();
    dropDb = database.drop;
    const env = { ...s3.env, DATABASE_URL: database.url, STORAGE_URL: `s3://${s3.bucket}/portal`, PORTAL_ADMIN_PASSWORD: password, DEMO_EMAILS: '100' };
    servers.push(await startServer({ env, timeoutMs: 400_000 }));
    servers.push(await startServer({ env, timeoutMs: 400_000 }));
    const [a, b] = servers;
    expect(a.dataDir).not.toBe(b.dataDir);
    const onA = await signIn(a.url, 'admin', password);

    // The demo inbox was imported by A (raw message packs and attachments in the bucket): B shows the originals.
    const list = await onA.call('/api/emails/list', { method: 'POST', body: { page: 1, perpage: 5, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' } });
    const muid = (list.body as { payload: Array<{ muid: number }> }).payload[0].muid;
    const originalA = await fetch(`${a.url}/api/emails/original/${muid}`, { headers: { authorization: `Bearer ${onA.token}` } });
    const originalB = await fetch(`${b.url}/api/emails/original/${muid}`, { headers: { authorization: `Bearer ${onA.token}` } });
    expect(originalA.status).toBe(200);
    expect(originalB.status).toBe(200);
    const rawA = Buffer.from(await originalA.arrayBuffer());
    expect(rawA.length).toBeGreaterThan(100);
    expect(sha(Buffer.from(await originalB.arrayBuffer()))).toBe(sha(rawA));

    // A product's PDF uploaded to A downloads from B, byte for byte.
    const created = await onA.call('/api/addProduct', { method: 'POST', body: approvableProduct({ product_pdf: '' }) });
    expect(created.status).toBe(200);
    const id = (created.body as { payload: { product_id: number } }).payload.product_id;
    const pdf = Buffer.concat([minimalPdf, Buffer.from(`% shared ${Date.now()}\n`)]);
    const up = await onA.upload({ name: 'offer.pdf', type: 'application/pdf', bytes: pdf }, id);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const download = await fetch(`${b.url}/api/download/${id}`, { headers: { authorization: `Bearer ${onA.token}` } });
    expect(download.status).toBe(200);
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(pdf));

    // Nothing went to either instance's own disk: both DATA_DIR/files are absent or empty.
    for (const s of servers) {
      const files = join(s.dataDir, 'files');
      expect(existsSync(files) ? readdirSync(files, { recursive: true }) : []).toEqual([]);
    }
    // And the bucket holds them under the prefix.
    const bucket = s3Storage(s3ClientFromEnv(s3.env), parseS3Url(`s3://${s3.bucket}/portal`));
    const keys: string[] = [];
    for await (const f of bucket.walk('')) keys.push(f.key);
    expect(keys.some((k) => k.startsWith('raw/'))).toBe(true);
    expect(keys.some((k) => k.startsWith(`products/${id}/`))).toBe(true);
  });
});
