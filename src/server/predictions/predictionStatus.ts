import type { Queryable } from '../db/Db';
import { listModels, type ModelInfo } from './modelStore';

export interface PredictionStatus {
  models: ModelInfo[];
  scored: Record<string, number>;
  feedbackPending: number;
  feedbackTotal: number;
}

/** Model versions, emails scored by each variant's newest version, and the feedback counts. */
export async function predictionStatus(db: Queryable): Promise<PredictionStatus> {
  const models = await listModels(db);
  const scored: Record<string, number> = {};
  for (const variant of ['current', '2019']) {
    const v = models.find((m) => m.variant === variant);
    scored[variant] = v ? Number((await db.query<{ n: number }>('select count(*)::int as n from email_predictions where model_version = $1', [v.version])).rows[0].n) : 0;
  }
  const fb = await db.query<{ total: number; pending: number }>(
    `select count(*)::int as total, (count(*) filter (where verdict = 'reject' and used_in_version is null))::int as pending from prediction_feedback`,
  );
  return { models, scored, feedbackPending: fb.rows[0].pending, feedbackTotal: fb.rows[0].total };
}
