/** Upload speed as the progress bar shows it: megabits per second with one decimal. */
export function formatRate(bytes: number, ms: number): string {
  if (ms <= 0) return '0.0 Mb/s';
  const mbps = (bytes * 8) / 1e6 / (ms / 1000);
  return `${mbps.toFixed(1)} Mb/s`;
}
