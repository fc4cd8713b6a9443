import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/Db';
import { getMeta, setMeta } from '../portalMeta';
import type { FileStorage } from '../storage/FileStorage';
import { mediaChannelCodes } from '../products/mediaChannelCodes';

/** portal_meta key set once the demo products' PDFs are in. */
export const demoPdfsSeededKey = 'demo_pdfs_seeded';
/** How many demo products get a PDF on the first start (DEMO_PDFS). */
export const demoPdfCount = 30;
/** The channels whose pieces are scanned PDFs: Direct Mail and Print (001 §5: otherwise PDF or Excel), by x-key. */
const pdfChannelKeys = ['direct_mail', 'print'];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'piece';

/**
 * Gives a share of the demo products a real PDF, so a fresh demo shows every media flow (preview,
 * /managepdf thumbnails, the PDF Text viewer, the company-images picker) without an upload. The
 * products are Direct Mail and Print ones, those of companies with the most products first (the
 * picker offers a company's other products' pages). Each PDF (demoProductPdf, from the product's
 * own words) is stored and recorded exactly as an upload is (file, product_files row, the
 * document's product_pdf and file fields, an `upload` activity row) and gets a pending PDF job, so
 * the same durable job makes its page images, thumbnails and pdf_content in the background once
 * the server runs. Once per database.
 */
export async function seedDemoPdfs(db: Db, storage: FileStorage, log: (msg: string) => void = () => undefined, count = demoPdfCount): Promise<number | null> {
  if (count <= 0) return null;
  const started = performance.now();
  const stored: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('portal.seed.pdfs'))");
      if (await getMeta(tx, demoPdfsSeededKey)) return null;
      const picked = await tx.query<{ product_id: string; document: Record<string, unknown> }>(
        `with named as (
           select p.product_id, c->>'companyID' as company
             from products p, jsonb_array_elements(case when jsonb_typeof(p.document->'companies') = 'array' then p.document->'companies' else '[]'::jsonb end) c
            where p.is_deleted = 0),
         per_company as (select company, count(*) as n from named group by company)
         select p.product_id::text as product_id, p.document
           from products p
           left join lateral (select max(pc.n) as n from named x join per_company pc using (company) where x.product_id = p.product_id) m on true
          where p.is_deleted = 0 and p.media_channel = any($1::int[])
            and not exists (select 1 from product_files f where f.product_id = p.product_id)
          order by coalesce(m.n, 0) desc, p.product_id
          limit $2`,
        [mediaChannelCodes(pdfChannelKeys), count],
      );
      // Made one after another (CPU), written all at once (the writes wait on the disk, not the CPU).
      const pieces: Array<{ id: number; key: string; pdf: Uint8Array; filename: string }> = [];
      // pdf-lib (~150 modules) loads only when the demo PDFs are made, not on every server start.
      const { demoPieceText, demoProductPdf } = await import('./demoProductPdf');
      for (const row of picked.rows) {
        const id = Number(row.product_id);
        const text = demoPieceText(row.document);
        const pdf = await demoProductPdf(text, 2 + (id % 3));
        const key = `products/${id}/${Date.now()}-${randomBytes(6).toString('hex')}.pdf`;
        pieces.push({ id, key, pdf, filename: `${slug(`${text.company} ${text.productName || text.headline}`)}.pdf` });
      }
      stored.push(...pieces.map((p) => p.key));
      await Promise.all(pieces.map((p) => storage.put(p.key, Buffer.from(p.pdf))));
      // One statement records them all as the upload route records one: the file row, its PDF job
      // row (what enqueuePdfJob writes), the document's file fields and an `upload` activity row.
      const rows = pieces.map(({ id, key, pdf, filename }) => ({
        product_id: id,
        storage_key: key,
        filename,
        size: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        patch: { product_pdf: `/api/download/${id}`, file_name: filename, file_type: 'application/pdf', document_size_byte: pdf.length, original_document_size: pdf.length },
      }));
      await tx.query(
        `with x as (select * from jsonb_to_recordset($1::jsonb) as x(product_id bigint, storage_key text, filename text, size bigint, sha256 text, patch jsonb)),
         f as (insert into product_files (product_id, storage_key, filename, mime, size, sha256, kind, created_by)
               select product_id, storage_key, filename, 'application/pdf', size, sha256, 'pdf', 'demo' from x returning id, product_id),
         j as (insert into product_pdf_jobs (file_id, product_id) select id, product_id from f),
         u as (update products p set document = p.document || x.patch, updated_at = now() from x where p.product_id = x.product_id)
         insert into activity (username, entity, entity_id, action, after)
         select 'demo', 'product', x.product_id::text, 'upload', x.patch || jsonb_build_object('sha256', x.sha256) from x`,
        [JSON.stringify(rows)],
      );
      await setMeta(tx, demoPdfsSeededKey, { count: picked.rows.length });
      log(`seed: ${picked.rows.length} demo products given a PDF in ${Math.round(performance.now() - started)} ms (pages, thumbnails and text are made in the background)`);
      return picked.rows.length;
    });
  } catch (err) {
    // Nothing was recorded: leave no files behind.
    for (const key of stored) await storage.delete(key).catch(() => undefined);
    throw err;
  }
}
