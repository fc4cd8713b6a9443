/** One measured figure; `npm run bench` prints these as a Markdown table and writes bench/results.json. */
export interface BenchRow {
  figure: string;
  value: number;
  unit: string;
  /** Human-readable budget, e.g. "< 1" or ">= 10x". */
  budget: string;
  pass: boolean;
  detail?: string;
}

export interface Bench {
  /** Matched against the command-line filter. */
  name: string;
  run(): Promise<BenchRow[]>;
}
