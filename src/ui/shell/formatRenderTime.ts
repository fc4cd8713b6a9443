/** The header's render-time note on the home dashboard, e.g. "rendered in 42 ms". */
export function formatRenderTime(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms >= 10_000) return `rendered in ${(ms / 1000).toFixed(1)} s`;
  return `rendered in ${Math.round(ms)} ms`;
}
