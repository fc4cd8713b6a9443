import type { FastifyInstance } from 'fastify';
import contentDisposition from 'content-disposition';
import type { CompanyMediaResponse, CompanyImage } from '../../api/media';
import { visibleEmailsCondition, visibleProductsCondition } from '../auth/objectAccess';
import type { ServerContext } from '../context';
import { emailMessages } from '../emails/emailMessages';
import { emailDocument } from '../forward/emailDocument';
import { originalHtml } from '../forward/forwardStore';
import { renderPdfAnswer } from '../forward/renderPdfAnswer';
import { httpError } from '../httpError';
import { SqlParams } from '../emails/SqlParams';
import { maxIntegerId, parseId } from '../products/parseId';
import type { FileStorage } from '../storage/FileStorage';
import { requireProductEmail } from './requireProductEmail';

/** How many of a company's images the Product Image picker offers (newest first). */
const maxCompanyImages = 48;

/**
 * The windows of the product editor's actions (001 §2 "Actions") that need the server: the temp
 * PDF of an email (its processed PDF, rendered once and kept, what "Use Process PDF" refers to)
 * and a company's media (its latest product's HTML and PDF for the company's Html/PDF icons, and
 * the page images its products have, from which an editor chooses the Product Image).
 */
export function registerProductWindowRoutes(app: FastifyInstance, ctx: ServerContext, storage: FileStorage): void {
  const view = { permission: { module: 'product', operation: 'view' } };
  const muidParams = { type: 'object', required: ['muid'], properties: { muid: { type: 'string', pattern: '^[0-9]{1,18}$' } } } as const;

  /** The email as the portal processed it (sanitised, cid: images inlined), as a whole page. */
  const processedDocument = async (muid: number): Promise<string> => {
    const original = await originalHtml(ctx.db, muid, storage);
    if (!original) throw httpError(404, emailMessages().emailMissing);
    return emailDocument({ subject: original.subject, from: original.from, date: original.date, body: original.html });
  };

  // /processedhtml/{muid}: what the window frames (sandboxed); the product module's own route, so
  // an editor without the email dashboards opens the email of a product they may see.
  app.get<{ Params: { muid: string } }>('/api/processedhtml/:muid', { config: view, schema: { params: muidParams } }, async (req, reply) => {
    const muid = Number(req.params.muid);
    await requireProductEmail(ctx.db, req, muid);
    return reply
      .type('text/html; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; sandbox")
      .send(await processedDocument(muid));
  });

  // Render PDF (001 §2 Actions): the processed email rendered now, for the same callers.
  app.get<{ Params: { muid: string } }>('/api/renderpdf/:muid', { config: view, schema: { params: muidParams } }, async (req, reply) => {
    const muid = Number(req.params.muid);
    await requireProductEmail(ctx.db, req, muid);
    const pdf = await renderPdfAnswer(reply, await processedDocument(muid), ctx.config.dataDir);
    if (!pdf) return reply;
    return reply
      .type('application/pdf')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(`email-${muid}.pdf`, { type: 'inline' }))
      .send(pdf);
  });

  app.get<{ Params: { muid: string } }>('/api/temppdf/:muid', { config: view, schema: { params: muidParams } }, async (req, reply) => {
    const muid = Number(req.params.muid);
    await requireProductEmail(ctx.db, req, muid);
    const key = `emails/${muid}/processed.pdf`;
    if (!(await storage.exists(key))) {
      const pdf = await renderPdfAnswer(reply, await processedDocument(muid), ctx.config.dataDir);
      if (!pdf) return reply;
      await storage.put(key, pdf);
    }
    return reply
      .type('application/pdf')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      // The portal's own /temppdf window frames it.
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
      .header('x-frame-options', 'SAMEORIGIN')
      .header('content-disposition', contentDisposition(`email-${muid}-processed.pdf`, { type: 'inline' }))
      .send(await storage.stream(key));
  });

  app.get<{ Params: { companyID: string }; Querystring: { exclude?: string } }>('/api/company-media/:companyID', { config: view, schema: { querystring: { type: 'object', properties: { exclude: { type: 'string', maxLength: 20 } } } } }, async (req): Promise<CompanyMediaResponse> => {
    const companyId = parseId(req.params.companyID, 'company id', maxIntegerId);
    const exclude = req.query.exclude ? parseId(req.query.exclude) : 0;
    const company = await ctx.db.query<{ companyName: string; default_img: string | null }>('select "companyName", default_img from companies where "companyID" = $1', [companyId]);
    // A company a stored product names is answered even when the reference table lacks it.
    // Products naming the company, newest first; the caller's own product is left out, and so is
    // every product whose sectors the caller may not use (issue 11: a list of products is narrowed).
    const ofCompany = (p: SqlParams) => {
      p.add(companyId);
      p.add(exclude);
      // The company's products come from the companies GIN index first (`offset 0` keeps the
      // planner from walking the primary key backwards through a million rows for a rare company).
      return `from (select * from products where document->'companies' @> jsonb_build_array(jsonb_build_object('companyID', $1::bigint))
           or document->'companies' @> jsonb_build_array(jsonb_build_object('companyID', $1::text)) offset 0) p
      where p.is_deleted = 0 and p.product_id <> $2
      and ${visibleProductsCondition(req.auth, p, 'p.document') ?? 'true'}`;
    };
    // The Html icon: the newest other product catalogued from an email the caller may see; the PDF icon: the newest with a file.
    const newest = (extra: (p: SqlParams) => string) => {
      const p = new SqlParams();
      const from = ofCompany(p);
      return ctx.db.query<{ product_id: string; muid: string | null }>(`select p.product_id::text as product_id, p.muid::text as muid ${from} and ${extra(p)} order by p.product_id desc limit 1`, p.values);
    };
    const withEmail = (await newest((p) => `exists (select 1 from emails e where e.muid = p.muid and ${visibleEmailsCondition(req.auth, p, 'e.panelist_type') ?? 'true'})`)).rows[0];
    const withFile = (await newest(() => 'exists (select 1 from product_files f where f.product_id = p.product_id)')).rows[0];
    const ip = new SqlParams();
    const imageFrom = ofCompany(ip);
    const images = await ctx.db.query<{ id: string; product_id: string; page: number; rotation: number; product_name: string | null }>(
      `select i.id::text as id, i.product_id::text as product_id, i.page, i.rotation, p.document->>'product_name' as product_name
         from product_images i join (select p.product_id, p.document ${imageFrom}) p on p.product_id = i.product_id
        where (i.is_default or i.page = 1) and i.file_id = (select max(f.id) from product_files f where f.product_id = i.product_id)
        order by i.product_id desc, i.is_default desc, i.page limit ${maxCompanyImages * 2}`,
      ip.values,
    );
    // One image per product: its default page (page 1 until someone chose another).
    const seen = new Set<string>();
    const list: CompanyImage[] = [];
    for (const r of images.rows) {
      if (seen.has(r.product_id) || list.length >= maxCompanyImages) continue;
      seen.add(r.product_id);
      list.push({
        url: `/api/product-images/${r.id}`,
        thumb_url: `/api/product-images/${r.id}?size=thumb&v=${r.rotation}`,
        product_id: Number(r.product_id),
        product_name: r.product_name ?? '',
        page: r.page,
      });
    }
    return {
      statusCode: 200,
      payload: {
        companyID: companyId,
        companyName: company.rows[0]?.companyName ?? null,
        default_img: company.rows[0]?.default_img ?? null,
        html_product_id: withEmail ? Number(withEmail.product_id) : null,
        html_url: withEmail ? `/processedhtml/${withEmail.muid}` : null,
        pdf_product_id: withFile ? Number(withFile.product_id) : null,
        pdf_url: withFile ? `/api/download/${withFile.product_id}` : null,
        images: list,
      },
    };
  });
}
