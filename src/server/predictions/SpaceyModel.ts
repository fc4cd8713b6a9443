import naiveBayes from 'wink-naive-bayes-text-classifier';
import type { PredictionTarget } from './predictionTargets';
import { predictionTargets } from './predictionTargets';

/** One ranked guess: the label (string id), its title and a score in 0..1. */
export interface Guess {
  label: string;
  title: string;
  score: number;
}

/** A token that weighed for a guess, with its weight in bits (log2 odds). */
export interface Evidence {
  token: string;
  weight: number;
}

export interface TargetPrediction {
  guesses: Guess[];
  evidence: Evidence[];
}

export type Prediction = Record<PredictionTarget, TargetPrediction>;

/** A stored model: one exported wink classifier per target, with the titles of its labels. */
export interface StoredModel {
  library: string;
  targets: Record<PredictionTarget, { classifier: string; titles: Record<string, string> } | null>;
}

/** wink's exportJSON: [config, samples per label, token counts per label, tokens per label, vocabulary]. */
type WinkExport = [{ smoothingFactor: number }, Record<string, number>, Record<string, Record<string, number>>, Record<string, number>, string[]];

const keep = 5;
/** odds are log2 one-vs-rest odds; the logistic of them reads as a probability. */
const scoreOf = (odds: number) => 1 / (1 + 2 ** -odds);

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
  private readonly sf: number;
  private readonly vocabulary: number;
  private readonly allWords: number;
  private readonly allSamples: number;

  constructor(
    classifier: string,
    readonly titles: Record<string, string>,
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
    for (const l of this.labels) for (const [t, c] of Object.entries(counts[l])) this.tokenTotal.set(t, (this.tokenTotal.get(t) ?? 0) + c);
  }

  /** wink's odds(tokens, label) for every label, best first (tokens already in the vocabulary). */
  odds(known: string[]): Array<[string, number]> {
    const sf = this.sf;
    const out: Array<[string, number]> = [];
    for (const label of this.labels) {
      const own = this.counts[label];
      const inDenom = Math.log2(this.words[label] + this.vocabulary * sf);
      const outDenom = Math.log2(this.allWords - this.words[label] + this.vocabulary * sf);
      let lh = 0;
      let ilh = 0;
      for (const t of known) {
        const c = own[t] ?? 0;
        lh += Math.log2(c + sf) - inDenom;
        ilh += Math.log2((this.tokenTotal.get(t) ?? 0) - c + sf) - outDenom;
      }
      lh += Math.log2(this.samples[label]) - Math.log2(this.allSamples);
      ilh += Math.log2(this.allSamples - this.samples[label]) - Math.log2(this.allSamples);
      out.push([label, lh - ilh]);
    }
    return out.sort((a, b) => b[1] - a[1]);
  }

  /** The tokens the model knows (wink ignores the others). */
  known(tokens: string[]): string[] {
    return tokens.filter((t) => this.tokenTotal.has(t));
  }

  predict(tokens: string[], suppressed: ReadonlySet<string>): TargetPrediction {
    const known = this.known(tokens);
    if (known.length === 0) return { guesses: [], evidence: [] };
    const odds = this.odds(known).filter(([label]) => !suppressed.has(label));
    const guesses = odds.slice(0, keep).map(([label, o]) => ({ label, title: this.titles[label] ?? label, score: Math.round(scoreOf(o) * 1000) / 1000 }));
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
      if (m) this.targets.set(t, new TargetModel(m.classifier, m.titles));
    }
  }

  /** `suppressed` are labels a reviewer rejected for this email (per target): never offered again. */
  predict(tokens: string[], suppressed: Partial<Record<PredictionTarget, ReadonlySet<string>>> = {}): Prediction {
    const none = new Set<string>();
    const out = {} as Prediction;
    for (const t of predictionTargets) out[t] = this.targets.get(t)?.predict(tokens, suppressed[t] ?? none) ?? { guesses: [], evidence: [] };
    return out;
  }
}
