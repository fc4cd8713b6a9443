import type { Db } from '../db/Db';
import { emailFeatures, senderKey, type EmailText } from './emailFeatures';
import { storeModel, type ModelVariant } from './modelStore';
import { productLabels } from './predictionTargets';
import { buildModel, evaluateModel, type Evaluation, type Example, type Rejection } from './trainModel';
import type { PredictionTarget } from './predictionTargets';

export interface TrainOptions {
  variant?: ModelVariant;
  /** Only products entered on or before this day (YYYY-MM-DD): how an older version is rebuilt. */
  until?: string;
  trainedBy?: string;
}

export interface TrainResult {
  version: number;
  variant: ModelVariant;
  examples: number;
  feedbackUsed: number;
  trainingMs: number;
  evaluation: Evaluation;
}

type ExampleRow = EmailText & { muid: string | number; document: Record<string, unknown> };

/**
 * The catalogue's labelled examples: every live product linked to an email by muid (the newest
 * product of an email wins) gives that email's text and the product's labels.
 */
export async function loadExamples(db: Db, until?: string): Promise<Example[]> {
  const r = await db.query<ExampleRow>(
    `select distinct on (p.muid) p.muid, p.document, e.email_subject, e.email_from_one, e.email_from_name, e.text_body, left(e.html_body, 200000) as html_body
       from products p join emails e on e.muid = p.muid
      where p.is_deleted = 0 and ($1::date is null or p.entry_date <= $1::date)
      order by p.muid, p.product_id desc`,
    [until ?? null],
  );
  return r.rows.map((row) => {
    const companies = row.document.companies as Array<{ companyName?: string }> | undefined;
    return { muid: Number(row.muid), tokens: emailFeatures(row).tokens, labels: productLabels(row.document), companyName: companies?.[0]?.companyName ?? null };
  });
}

/** The reviewers' rejections (until the day given), each with the sender of its email. */
export async function loadRejections(db: Db, until?: string): Promise<Rejection[]> {
  const r = await db.query<{ target: PredictionTarget; label: string; email_from_one: string | null }>(
    `select f.target, f.label, e.email_from_one from prediction_feedback f join emails e on e.muid = f.muid
      where f.verdict = 'reject' and ($1::date is null or f.created_at::date <= $1::date)`,
    [until ?? null],
  );
  return r.rows.map((row) => ({ target: row.target, label: row.label, sender: senderKey(row.email_from_one) }));
}

/** Thrown when the catalogue has nothing to learn from; the CLI prints the message. */
export class NothingToLearn extends Error {}

/**
 * `predictions train`: evaluates on a held-out split, trains on every example and every rejection
 * (a rejected label weighs less on the sender's other emails), stores the new version, and marks
 * the rejections not used before (the rejected email itself never offers the label again).
 */
export async function trainFromCatalogue(db: Db, opts: TrainOptions = {}): Promise<TrainResult> {
  const variant = opts.variant ?? 'current';
  const started = performance.now();
  const examples = await loadExamples(db, opts.until);
  const labelled = examples.filter((e) => Object.values(e.labels).some((l) => l !== null));
  if (labelled.length < 10) {
    throw new NothingToLearn(`Only ${labelled.length} products are linked to emails; training needs at least 10 (link products to emails by muid).`);
  }
  const { evaluation } = evaluateModel(labelled);
  const model = buildModel(labelled, await loadRejections(db, opts.until));
  const trainingMs = Math.round(performance.now() - started);
  return db.transaction(async (tx) => {
    const pending = await tx.query<{ n: number }>(`select count(*)::int as n from prediction_feedback where verdict = 'reject' and used_in_version is null`);
    const feedbackUsed = Number(pending.rows[0].n);
    const version = await storeModel(tx, { variant, trainedBy: opts.trainedBy ?? 'system', examples: labelled.length, feedbackUsed, trainingMs, evaluation, model });
    if (variant === 'current') await tx.query(`update prediction_feedback set used_in_version = $1 where verdict = 'reject' and used_in_version is null`, [version]);
    return { version, variant, examples: labelled.length, feedbackUsed, trainingMs, evaluation };
  });
}
