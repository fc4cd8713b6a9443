/** Accuracy and macro-F1 of predicted labels against true ones (labels seen in either count for the macro average). */
export interface Scores {
  accuracy: number;
  macroF1: number;
  n: number;
}

export function scoreLabels(truth: string[], predicted: Array<string | null>): Scores {
  const n = truth.length;
  if (n === 0) return { accuracy: 0, macroF1: 0, n: 0 };
  const labels = new Set<string>(truth);
  for (const p of predicted) if (p !== null) labels.add(p);
  let correct = 0;
  const tp = new Map<string, number>();
  const fp = new Map<string, number>();
  const fn = new Map<string, number>();
  const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  truth.forEach((t, i) => {
    const p = predicted[i];
    if (p === t) {
      correct++;
      inc(tp, t);
    } else {
      inc(fn, t);
      if (p !== null) inc(fp, p);
    }
  });
  let f1sum = 0;
  for (const l of labels) {
    const a = tp.get(l) ?? 0;
    const denom = 2 * a + (fp.get(l) ?? 0) + (fn.get(l) ?? 0);
    f1sum += denom === 0 ? 0 : (2 * a) / denom;
  }
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { accuracy: r(correct / n), macroF1: r(f1sum / labels.size), n };
}

/** The most frequent label of a list (ties: the first seen). */
export function majorityLabel(labels: string[]): string | null {
  const counts = new Map<string, number>();
  let best: string | null = null;
  for (const l of labels) {
    const c = (counts.get(l) ?? 0) + 1;
    counts.set(l, c);
    if (best === null || c > (counts.get(best) ?? 0)) best = l;
  }
  return best;
}
