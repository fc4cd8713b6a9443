import type { EmailCompany, EmailPredictions, Guess } from '../../api/predictionTypes';
import type { Queryable } from '../db/Db';
import { emailFeatures, type EmailText } from './emailFeatures';
import { currentModelInfo, type ModelVariant } from './modelStore';
import { codeTitle, productLabels } from './predictionTargets';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

/** Everything the Predictions for MUID screen shows for one email; null when the email does not exist. */
export async function emailPredictions(db: Queryable, muid: number, variant: ModelVariant): Promise<EmailPredictions | null> {
  const e = await db.query<EmailText & { muid: string; email_date: Date | null }>(
    'select muid, email_subject, email_from_one, email_from_name, email_date, text_body, left(html_body, 200000) as html_body from emails where muid = $1',
    [muid],
  );
  const email = e.rows[0];
  if (!email) return null;
  const info = await currentModelInfo(db, variant);
  const p = info ? (await db.query<Row>('select * from email_predictions where muid = $1 and model_version = $2', [muid, info.version])).rows[0] : undefined;
  const prod = (
    await db.query<{ product_id: string; entry_id: string | null; product_status: number; document: Record<string, unknown> }>(
      'select product_id, entry_id, product_status, document from products where muid = $1 order by is_deleted, product_id desc limit 1',
      [muid],
    )
  ).rows[0];
  const fb = await db.query<{ target: EmailPredictions['feedback'][number]['target']; label: string; verdict: 'accept' | 'reject'; username: string | null; created_at: Date; company: string | null }>(
    `select f.target, f.label, f.verdict, f.username, f.created_at, c."companyName" as company
       from prediction_feedback f left join companies c on f.target = 'company' and c."companyID"::text = f.label
      where f.muid = $1 order by f.id desc limit 50`,
    [muid],
  );
  const companies = await db.query<EmailCompany & { id: string }>('select id, "companyID", "companyName", deleted from email_companies where muid = $1 order by id', [muid]);
  const labels = prod ? productLabels(prod.document) : null;
  const guesses = (k: string) => (p ? (p[k] as Guess[]) : []);
  return {
    muid,
    email_subject: email.email_subject ?? '',
    email_from_one: email.email_from_one ?? '',
    email_date: iso(email.email_date),
    variant,
    model_version: info?.version ?? null,
    training_datetime: info?.trained_at ?? null,
    sectors: guesses('sector'),
    cateegory: guesses('category'),
    mailingtypename: guesses('mailing_type'),
    companies: guesses('company'),
    evidence: (p?.evidence as EmailPredictions['evidence']) ?? { sector: [], category: [], mailing_type: [], company: [] },
    product:
      prod && labels
        ? {
            product_id: Number(prod.product_id),
            entry_id: prod.entry_id,
            product_status: prod.product_status,
            orginalsector: labels.sector ? codeTitle('sector', labels.sector) ?? labels.sector : null,
            orginalcategory: labels.category ? codeTitle('category', labels.category) ?? labels.category : null,
            mtypeNameorginal: labels.mailing_type ? codeTitle('mailing_type', labels.mailing_type) ?? labels.mailing_type : null,
            companies: ((prod.document.companies as Array<{ companyName?: string }> | undefined) ?? []).map((c) => String(c.companyName ?? '')),
          }
        : null,
    text: emailFeatures(email).text,
    // Titles, as the predictions show them: the code table's, or the company's name.
    feedback: fb.rows.map(({ company, ...r }) => ({ ...r, title: (r.target === 'company' ? company : codeTitle(r.target, r.label)) ?? r.label, created_at: iso(r.created_at) ?? '' })),
    emailCompanies: companies.rows.map((c) => ({ ...c, id: Number(c.id) })),
  };
}
