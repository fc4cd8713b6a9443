import type { Db } from '../db/Db';
import { emailFeatures, type EmailText } from './emailFeatures';
import { currentModelInfo, loadModel, type ModelVariant } from './modelStore';
import { predictionTargets, type PredictionTarget } from './predictionTargets';

const batchSize = 200;
/** Emails scored between two turns of the event loop (~0.6 ms each). */
const yieldEvery = 10;

export interface ScoreOptions {
  variants?: ModelVariant[];
  /** Only these emails (e.g. one import job's); default every email the version has not scored. */
  muids?: number[];
  /** Only the emails of this import job (new imports are scored as they arrive). */
  importJob?: number;
  /** Stop after this many per variant (the server's scoring job works in slices). */
  limit?: number;
  /** Awaited after each stored batch (a crash test holds the job there). */
  afterBatch?: () => Promise<void>;
}

/**
 * Scores the emails a variant's newest version has not scored yet, newest first (what /spacy shows
 * first), in batches of 200 (one insert each; the next batch skips what the last one stored). A label a reviewer rejected for an email is never offered for it again.
 * Returns how many emails were scored per variant.
 */
export async function scoreEmails(db: Db, opts: ScoreOptions = {}): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const variant of opts.variants ?? (['current', '2019'] as ModelVariant[])) {
    const info = await currentModelInfo(db, variant);
    done[variant] = 0;
    if (!info) continue;
    const model = await loadModel(db, info);
    if (!model) continue;
    for (;;) {
      const size = Math.min(batchSize, (opts.limit ?? Infinity) - done[variant]);
      if (size <= 0) break;
      const rows = await db.query<EmailText & { muid: string | number }>(
        `select e.muid, e.email_subject, e.email_from_one, e.email_from_name, e.text_body, left(e.html_body, 60000) as html_body
           from emails e
          where ($2::bigint[] is null or e.muid = any($2::bigint[])) and ($3::bigint is null or e.import_job_id = $3)
            and not exists (select 1 from email_predictions p where p.muid = e.muid and p.model_version = $1)
          order by e.email_date desc nulls last, e.muid desc limit ${size}`,
        [info.version, opts.muids ?? null, opts.importJob ?? null],
      );
      if (rows.rows.length === 0) break;
      const muids = rows.rows.map((r) => Number(r.muid));
      const rejected = await db.query<{ muid: string | number; target: PredictionTarget; label: string }>(
        `select muid, target, label from prediction_feedback where verdict = 'reject' and muid = any($1::bigint[])`,
        [muids],
      );
      const suppressed = new Map<number, Partial<Record<PredictionTarget, Set<string>>>>();
      for (const r of rejected.rows) {
        const s = suppressed.get(Number(r.muid)) ?? {};
        (s[r.target] ??= new Set()).add(r.label);
        suppressed.set(Number(r.muid), s);
      }
      const out = [];
      for (const [i, r] of rows.rows.entries()) {
        // A batch is ~0.1 s of CPU: requests get the event loop between slices of it.
        if (i > 0 && i % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
        const f = emailFeatures(r);
        const p = model.predict(f.tokens, suppressed.get(Number(r.muid)), f.sender);
        const evidence = Object.fromEntries(predictionTargets.map((t) => [t, p[t].evidence]));
        out.push({
          muid: Number(r.muid),
          sector: p.sector.guesses,
          category: p.category.guesses,
          mailing_type: p.mailing_type.guesses,
          company: p.company.guesses,
          evidence,
          top_score: p.sector.guesses[0]?.score ?? 0,
        });
      }
      await db.query(
        `insert into email_predictions (muid, model_version, variant, sector, category, mailing_type, company, evidence, top_score)
         select x.muid, $2, $3, x.sector, x.category, x.mailing_type, x.company, x.evidence, x.top_score
           from jsonb_to_recordset($1::jsonb) as x(muid bigint, sector jsonb, category jsonb, mailing_type jsonb, company jsonb, evidence jsonb, top_score real)
         on conflict (muid, model_version) do nothing`,
        [JSON.stringify(out), info.version, variant],
      );
      done[variant] += out.length;
      await opts.afterBatch?.();
    }
  }
  return done;
}

/** Re-scores one email with the newest versions (after feedback), replacing its predictions. */
export async function rescoreEmail(db: Db, muid: number): Promise<void> {
  await db.query('delete from email_predictions where muid = $1 and model_version in (select max(version) from prediction_models group by variant)', [muid]);
  await scoreEmails(db, { muids: [muid] });
}
