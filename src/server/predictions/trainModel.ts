import { createHash } from 'node:crypto';
import { majorityLabel, scoreLabels, type Scores } from './evaluate';
import { codeTitle, predictionTargets, type PredictionTarget, type ProductLabels } from './predictionTargets';
import { SpaceyModel, trainClassifier, type Rejections, type StoredModel } from './SpaceyModel';

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
  /** Examples each fold's model was trained on (the smallest fold's complement). */
  train: number;
  /** Examples scored by a model that did not see them: every example, once. */
  test: number;
  /** Cross-validation folds (older versions stored a single split: absent). */
  folds?: number;
  targets: Record<PredictionTarget, TargetEvaluation | null>;
}

/** Cross-validation folds: each example is held out once, by a model trained on the other four fifths. */
export const evaluationFolds = 5;

/** Deterministic fold of an example: the hash of its muid (so a re-train holds out the same emails). */
export const foldOf = (muid: number, folds = evaluationFolds) => createHash('sha1').update(String(muid)).digest().readUInt32BE(0) % folds;

/** A reviewer's rejection of a label for an email, by the email's sender (senderKey). */
export interface Rejection {
  target: PredictionTarget;
  label: string;
  sender: string;
}

/**
 * Trains one classifier per target (wink NB) from the examples that carry that target's label, and
 * learns the reviewers' rejections per sender (SpaceyModel's rejectionWeight applies them).
 */
export function buildModel(examples: Example[], rejections: Rejection[] = []): StoredModel {
  const targets = {} as StoredModel['targets'];
  for (const t of predictionTargets) {
    const rows = examples.filter((e) => e.labels[t] !== null).map((e) => ({ tokens: e.tokens, label: e.labels[t] as string }));
    const classifier = trainClassifier(rows);
    const titles: Record<string, string> = {};
    for (const e of examples) {
      const l = e.labels[t];
      if (l !== null && !(l in titles)) titles[l] = (t === 'company' ? e.companyName : codeTitle(t, l)) ?? l;
    }
    const learned: Rejections = {};
    for (const r of rejections) {
      if (r.target !== t || !r.sender) continue;
      const bySender = (learned[r.sender] ??= {});
      bySender[r.label] = (bySender[r.label] ?? 0) + 1;
    }
    targets[t] = classifier ? { classifier, titles, ...(Object.keys(learned).length ? { rejections: learned } : {}) } : null;
  }
  return { library: 'wink-naive-bayes-text-classifier', targets };
}

/**
 * k-fold cross-validation: each fold's examples are scored by a model trained on the other folds,
 * next to a majority-class baseline trained on the same folds, so every example counts once as
 * held out (a single fifth of a small demo catalogue is too few to compare anything).
 */
export function evaluateModel(examples: Example[], folds = evaluationFolds): { evaluation: Evaluation; scoringMs: number[] } {
  const scoringMs: number[] = [];
  const truth: Record<PredictionTarget, string[]> = { sector: [], category: [], mailing_type: [], company: [] };
  const guess: Record<PredictionTarget, Array<string | null>> = { sector: [], category: [], mailing_type: [], company: [] };
  const major: Record<PredictionTarget, Array<string | null>> = { sector: [], category: [], mailing_type: [], company: [] };
  const fold = examples.map((e) => foldOf(e.muid, folds));
  let smallestTrain = examples.length;
  for (let k = 0; k < folds; k++) {
    const train = examples.filter((_, i) => fold[i] !== k);
    const test = examples.filter((_, i) => fold[i] === k);
    if (test.length === 0 || train.length === 0) continue;
    smallestTrain = Math.min(smallestTrain, train.length);
    const model = new SpaceyModel(buildModel(train));
    for (const e of test) {
      const t0 = performance.now();
      const p = model.predict(e.tokens);
      scoringMs.push(performance.now() - t0);
      for (const t of predictionTargets) {
        const l = e.labels[t];
        if (l === null) continue;
        truth[t].push(l);
        guess[t].push(p[t].guesses[0]?.label ?? null);
      }
    }
    for (const t of predictionTargets) {
      const m = majorityLabel(train.map((e) => e.labels[t]).filter((l): l is string => l !== null));
      for (const e of test) if (e.labels[t] !== null) major[t].push(m);
    }
  }
  const targets = {} as Evaluation['targets'];
  for (const t of predictionTargets) {
    const all = examples.map((e) => e.labels[t]).filter((l): l is string => l !== null);
    if (truth[t].length === 0) {
      targets[t] = null;
      continue;
    }
    targets[t] = {
      model: scoreLabels(truth[t], guess[t]),
      baseline: { ...scoreLabels(truth[t], major[t]), label: majorityLabel(all) },
      labels: new Set(all).size,
    };
  }
  return { evaluation: { train: smallestTrain, test: examples.length, folds, targets }, scoringMs };
}
