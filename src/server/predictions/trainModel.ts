import { createHash } from 'node:crypto';
import { majorityLabel, scoreLabels, type Scores } from './evaluate';
import { codeTitle, predictionTargets, type PredictionTarget, type ProductLabels } from './predictionTargets';
import { SpaceyModel, trainClassifier, type StoredModel } from './SpaceyModel';

/** One labelled example: an email's tokens and the labels of the product catalogued from it. */
export interface Example {
  muid: number;
  tokens: string[];
  labels: ProductLabels;
  /** Titles the product document carries (company names). */
  companyName?: string | null;
}

export interface TargetEvaluation {
  model: Scores;
  baseline: Scores & { label: string | null };
  labels: number;
}

/** Held-out figures: what status shows and the bench reports. */
export interface Evaluation {
  train: number;
  test: number;
  targets: Record<PredictionTarget, TargetEvaluation | null>;
}

/** Deterministic split: an email is held out when the hash of its muid falls in the last fifth. */
export const isHeldOut = (muid: number, share = 0.2) => createHash('sha1').update(String(muid)).digest()[0] < 256 * share;

/** Trains one classifier per target (wink NB) from the examples that carry that target's label. */
export function buildModel(examples: Example[]): StoredModel {
  const targets = {} as StoredModel['targets'];
  for (const t of predictionTargets) {
    const rows = examples.filter((e) => e.labels[t] !== null).map((e) => ({ tokens: e.tokens, label: e.labels[t] as string }));
    const classifier = trainClassifier(rows);
    const titles: Record<string, string> = {};
    for (const e of examples) {
      const l = e.labels[t];
      if (l !== null && !(l in titles)) titles[l] = (t === 'company' ? e.companyName : codeTitle(t, l)) ?? l;
    }
    targets[t] = classifier ? { classifier, titles } : null;
  }
  return { library: 'wink-naive-bayes-text-classifier', targets };
}

/**
 * Trains on the examples outside the held-out split and scores the held-out ones, next to a
 * majority-class baseline trained on the same split (the bench's and status's figures).
 */
export function evaluateModel(examples: Example[]): { evaluation: Evaluation; scoringMs: number[] } {
  const train = examples.filter((e) => !isHeldOut(e.muid));
  const test = examples.filter((e) => isHeldOut(e.muid));
  const model = new SpaceyModel(buildModel(train));
  const scoringMs: number[] = [];
  const predicted = test.map((e) => {
    const t0 = performance.now();
    const p = model.predict(e.tokens);
    scoringMs.push(performance.now() - t0);
    return p;
  });
  const targets = {} as Evaluation['targets'];
  for (const t of predictionTargets) {
    const idx = test.map((e, i) => (e.labels[t] !== null ? i : -1)).filter((i) => i >= 0);
    const trainLabels = train.map((e) => e.labels[t]).filter((l): l is string => l !== null);
    if (idx.length === 0 || trainLabels.length === 0) {
      targets[t] = null;
      continue;
    }
    const truth = idx.map((i) => test[i].labels[t] as string);
    const guess = idx.map((i) => predicted[i][t].guesses[0]?.label ?? null);
    const major = majorityLabel(trainLabels);
    targets[t] = {
      model: scoreLabels(truth, guess),
      baseline: { ...scoreLabels(truth, truth.map(() => major)), label: major },
      labels: new Set(trainLabels).size,
    };
  }
  return { evaluation: { train: train.length, test: test.length, targets }, scoringMs };
}
