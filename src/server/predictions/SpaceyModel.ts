import naiveBayes from 'wink-naive-bayes-text-classifier';
import type { Evidence, Guess } from '../../api/predictionTypes';
import type { PredictionTarget } from './predictionTargets';
import { predictionTargets } from './predictionTargets';

export interface TargetPrediction {
  guesses: Guess[];
  evidence: Evidence[];
}

export type Prediction = Record<PredictionTarget, TargetPrediction>;

/** Reviewers' rejections a version learned: per sender address, how often each label was rejected. */
export type Rejections = Record<string, Record<string, number>>;

/**
 * A stored model: one exported wink classifier per target, with the titles of its labels and the
 * rejections it learned (absent in versions trained before rejections were learned).
 */
export interface StoredModel {
  library: string;
  targets: Record<PredictionTarget, { classifier: string; titles: Record<string, string>; rejections?: Rejections } | null>;
}

/**
 * What one rejection does to a label on the sender's emails: its share of the score is weighed by
 * this before the scores are normalised (two rejections: squared). A reviewer's "not this" for a
 * sender's mail makes that label far less likely on the sender's other mail, without hiding it.
 */
export const rejectionWeight = 0.25;

/** wink's exportJSON: [config, samples per label, token counts per label, tokens per label, vocabulary]. */
type WinkExport = [{ smoothingFactor: number }, Record<string, number>, Record<string, Record<string, number>>, Record<string, number>, string[]];

const keep = 5;

/** Creates, trains and exports one classifier (wink-naive-bayes-text-classifier, binarised multinomial NB). */
export function trainClassifier(examples: Array<{ tokens: string[]; label: string }>): string | null {
  const labels = new Set(examples.map((e) => e.label));
  if (labels.size < 2) return null;
  const nb = naiveBayes();
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  nb.definePrepTasks([]);
  for (const e of examples) nb.learn(e.tokens, e.label);
  try {
    nb.consolidate();
  } catch {
    return null; // too little to learn from (wink needs 2 labels and 10 words)
  }
  return nb.exportJSON();
}

/**
 * Scores with wink's own one-vs-rest odds (log2 likelihood of the tokens under a label minus under
 * every other label, plus the prior odds), read from its export. wink's computeOdds re-sums the
 * other labels' counts for every token and label (tokens x labels^2); here those sums are
 * precomputed once per model, so a score costs tokens x labels. A unit test holds the two equal.
 */
class TargetModel {
  private readonly labels: string[];
  private readonly counts: Record<string, Record<string, number>>;
  private readonly words: Record<string, number>;
  private readonly samples: Record<string, number>;
  private readonly tokenTotal = new Map<string, number>();
  /**
   * Per token, what it adds to the log-likelihoods beyond a label that never saw it: `base` is its
   * term under the other labels when this label has count 0, `labels`/`inDelta`/`outDelta` the
   * labels that saw it and the differences of their terms. Most tokens are seen by few labels, so a
   * score costs the tokens' non-zero counts instead of tokens x labels.
   */
  private readonly tokenTerms = new Map<string, { base: number; labels: Uint32Array; inDelta: Float64Array; outDelta: Float64Array }>();
  private readonly sf: number;
  private readonly vocabulary: number;
  private readonly allWords: number;
  private readonly allSamples: number;

  constructor(
    classifier: string,
    readonly titles: Record<string, string>,
    private readonly rejections: Rejections = {},
  ) {
    const [config, samples, counts, words, voc] = JSON.parse(classifier) as WinkExport;
    this.sf = config.smoothingFactor;
    this.samples = samples;
    this.counts = counts;
    this.words = words;
    this.labels = Object.keys(samples);
    this.vocabulary = voc.length;
    this.allWords = this.labels.reduce((n, l) => n + words[l], 0);
    this.allSamples = this.labels.reduce((n, l) => n + samples[l], 0);
    const seen = new Map<string, Array<[number, number]>>();
    this.labels.forEach((l, i) => {
      for (const [t, c] of Object.entries(counts[l])) {
        if (c === 0) continue;
        this.tokenTotal.set(t, (this.tokenTotal.get(t) ?? 0) + c);
        const list = seen.get(t) ?? [];
        list.push([i, c]);
        seen.set(t, list);
      }
    });
    const sf = this.sf;
    for (const [t, list] of seen) {
      const total = this.tokenTotal.get(t) ?? 0;
      const base = Math.log2(total + sf);
      this.tokenTerms.set(t, {
        base,
        labels: Uint32Array.from(list.map(([i]) => i)),
        inDelta: Float64Array.from(list.map(([, c]) => Math.log2(c + sf) - Math.log2(sf))),
        outDelta: Float64Array.from(list.map(([, c]) => Math.log2(total - c + sf) - base)),
      });
    }
  }

  /** wink's odds(tokens, label) for every label, best first (tokens already in the vocabulary). */
  odds(known: string[]): Array<[string, number]> {
    const n = this.labels.length;
    // A label that never saw a token gets log2(sf) for it in its own likelihood; the rest are deltas.
    const lh = new Float64Array(n).fill(known.length * Math.log2(this.sf));
    const ilh = new Float64Array(n);
    let outBase = 0;
    for (const t of known) {
      const terms = this.tokenTerms.get(t);
      if (!terms) continue;
      outBase += terms.base;
      for (let k = 0; k < terms.labels.length; k++) {
        lh[terms.labels[k]] += terms.inDelta[k];
        ilh[terms.labels[k]] += terms.outDelta[k];
      }
    }
    const out: Array<[string, number]> = [];
    const logAll = Math.log2(this.allSamples);
    for (let i = 0; i < n; i++) {
      const label = this.labels[i];
      const inDenom = Math.log2(this.words[label] + this.vocabulary * this.sf);
      const outDenom = Math.log2(this.allWords - this.words[label] + this.vocabulary * this.sf);
      const own = lh[i] - known.length * inDenom + Math.log2(this.samples[label]) - logAll;
      const other = ilh[i] + outBase - known.length * outDenom + Math.log2(this.allSamples - this.samples[label]) - logAll;
      out.push([label, own - other]);
    }
    return out.sort((a, b) => b[1] - a[1]);
  }

  /** The tokens the model knows (wink ignores the others). */
  known(tokens: string[]): string[] {
    return tokens.filter((t) => this.tokenTotal.has(t));
  }

  predict(tokens: string[], suppressed: ReadonlySet<string>, sender = ''): TargetPrediction {
    const known = this.known(tokens);
    if (known.length === 0) return { guesses: [], evidence: [] };
    const odds = this.odds(known).filter(([label]) => !suppressed.has(label));
    if (odds.length === 0) return { guesses: [], evidence: [] };
    // Naive Bayes odds grow with the number of tokens and are overconfident; the score is each
    // label's share of a softmax over the per-token odds, so scores of one email sum to 1. The
    // sender's learned rejections weigh their labels down before the shares are taken.
    const top = odds[0][1] / known.length;
    const rejected = this.rejections[sender] ?? {};
    const weighted = odds.map(([label, o]) => ({ label, weight: 2 ** (o / known.length - top) * rejectionWeight ** (rejected[label] ?? 0) }));
    const sum = weighted.reduce((a, w) => a + w.weight, 0);
    weighted.sort((a, b) => b.weight - a.weight);
    const guesses = weighted.slice(0, keep).map(({ label, weight }) => ({ label, title: this.titles[label] ?? label, score: Math.round((weight / sum) * 1000) / 1000 }));
    return { guesses, evidence: guesses.length ? this.evidence(known, guesses[0].label) : [] };
  }

  /** Each token's term of the odds for `label` (its log2 likelihood ratio against the other labels). */
  private evidence(tokens: string[], label: string): Evidence[] {
    const sf = this.sf;
    const inDenom = Math.log2(this.words[label] + this.vocabulary * sf);
    const outDenom = Math.log2(this.allWords - this.words[label] + this.vocabulary * sf);
    const out: Evidence[] = [];
    for (const t of tokens) {
      const c = this.counts[label][t] ?? 0;
      const weight = Math.log2(c + sf) - inDenom - (Math.log2((this.tokenTotal.get(t) ?? 0) - c + sf) - outDenom);
      if (weight > 0) out.push({ token: t, weight: Math.round(weight * 100) / 100 });
    }
    return out.sort((a, b) => b.weight - a.weight).slice(0, 8);
  }
}

/** A loaded model version: predicts every target for an email's tokens. */
export class SpaceyModel {
  /** For tests: the scorer of one target. */
  target(t: PredictionTarget): { odds(known: string[]): Array<[string, number]>; known(tokens: string[]): string[] } | undefined {
    return this.targets.get(t);
  }

  private readonly targets = new Map<PredictionTarget, TargetModel>();

  constructor(stored: StoredModel) {
    for (const t of predictionTargets) {
      const m = stored.targets[t];
      if (m) this.targets.set(t, new TargetModel(m.classifier, m.titles, m.rejections));
    }
  }

  /**
   * `suppressed` are labels a reviewer rejected for this email (per target): never offered again;
   * `sender` (senderKey) brings in the rejections the version learned for the sender's mail.
   */
  predict(tokens: string[], suppressed: Partial<Record<PredictionTarget, ReadonlySet<string>>> = {}, sender = ''): Prediction {
    const none = new Set<string>();
    const out = {} as Prediction;
    for (const t of predictionTargets) out[t] = this.targets.get(t)?.predict(tokens, suppressed[t] ?? none, sender) ?? { guesses: [], evidence: [] };
    return out;
  }
}
