import type { ModelInfo } from './modelStore';
import { predictionTargets } from './predictionTargets';
import { spaceyMessage } from './spaceyMessages';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** `predictions status`: each model version with its held-out figures next to the majority baseline. */
export function formatStatus(models: ModelInfo[], counts: { scored: Record<string, number>; feedbackPending: number; feedbackTotal: number }): string {
  if (models.length === 0) return spaceyMessage('noModel');
  const lines: string[] = [];
  for (const m of models) {
    const e = m.evaluation;
    lines.push(`model v${m.version} (${m.variant}) trained ${m.trained_at} by ${m.trained_by}: ${m.examples} examples, ${m.training_ms} ms, ${m.feedback_used} rejections used`);
    lines.push(e.folds ? `  held-out: ${e.folds}-fold cross-validation, each of ${e.test} examples scored by a model trained on ${e.train}+ others` : `  held-out split: ${e.train} train / ${e.test} test`);
    for (const t of predictionTargets) {
      const r = e.targets[t];
      if (!r) {
        lines.push(`  ${t.padEnd(12)} no labels`);
        continue;
      }
      lines.push(
        `  ${t.padEnd(12)} accuracy ${pct(r.model.accuracy)} macro-F1 ${r.model.macroF1.toFixed(3)} | baseline (majority ${r.baseline.label}) accuracy ${pct(r.baseline.accuracy)} macro-F1 ${r.baseline.macroF1.toFixed(3)} | ${r.labels} labels`,
      );
    }
  }
  lines.push(`emails scored: current ${counts.scored.current ?? 0}, 2019 ${counts.scored['2019'] ?? 0}`);
  lines.push(`feedback: ${counts.feedbackTotal} rows, ${counts.feedbackPending} rejections waiting for the next training`);
  return lines.join('\n');
}
