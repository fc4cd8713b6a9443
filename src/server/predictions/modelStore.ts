import type { Queryable } from '../db/Db';
import { SpaceyModel, type StoredModel } from './SpaceyModel';
import type { Evaluation } from './trainModel';
import type { ModelVariant } from '../../api/predictionTypes';

/** 'current' is the model /spacy shows; '2019' an older version kept for comparison. */
export type { ModelVariant };

export interface ModelInfo {
  version: number;
  variant: ModelVariant;
  trained_at: string;
  trained_by: string;
  examples: number;
  feedback_used: number;
  training_ms: number;
  evaluation: Evaluation;
}

const infoColumns = 'version, variant, trained_at, trained_by, examples, feedback_used, training_ms, evaluation';

const toInfo = (r: Record<string, unknown>): ModelInfo => ({
  ...(r as unknown as ModelInfo),
  version: Number(r.version),
  trained_at: r.trained_at instanceof Date ? r.trained_at.toISOString() : String(r.trained_at),
});

/** Every model version, newest first (without the classifiers). */
export async function listModels(db: Queryable): Promise<ModelInfo[]> {
  const r = await db.query<Record<string, unknown>>(`select ${infoColumns} from prediction_models order by version desc`);
  return r.rows.map(toInfo);
}

/** The newest version of a variant, or null when none was trained. */
export async function currentModelInfo(db: Queryable, variant: ModelVariant): Promise<ModelInfo | null> {
  const r = await db.query<Record<string, unknown>>(`select ${infoColumns} from prediction_models where variant = $1 order by version desc limit 1`, [variant]);
  return r.rows[0] ? toInfo(r.rows[0]) : null;
}

// Loaded classifiers by version and training time: a version never changes once stored, and the
// time tells one database's version 1 from another's in a process that opens several (tests).
const loaded = new Map<string, SpaceyModel>();

/** The classifiers of one version, parsed once per process. */
export async function loadModel(db: Queryable, info: Pick<ModelInfo, 'version' | 'trained_at'>): Promise<SpaceyModel | null> {
  const key = `${info.version}@${info.trained_at}`;
  const hit = loaded.get(key);
  if (hit) return hit;
  const r = await db.query<{ model: StoredModel }>('select model from prediction_models where version = $1', [info.version]);
  if (!r.rows[0]) return null;
  const model = new SpaceyModel(r.rows[0].model);
  if (loaded.size > 8) loaded.clear();
  loaded.set(key, model);
  return model;
}

export async function storeModel(
  db: Queryable,
  m: { variant: ModelVariant; trainedBy: string; examples: number; feedbackUsed: number; trainingMs: number; evaluation: Evaluation; model: StoredModel },
): Promise<number> {
  const r = await db.query<{ version: number }>(
    `insert into prediction_models (variant, trained_by, examples, feedback_used, training_ms, evaluation, model)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) returning version`,
    [m.variant, m.trainedBy, m.examples, m.feedbackUsed, m.trainingMs, JSON.stringify(m.evaluation), JSON.stringify(m.model)],
  );
  return Number(r.rows[0].version);
}
