/** What `portal import --json` prints for a run. */
export interface ImportSummary {
  job: number;
  imported: number;
  duplicates: number;
  failed: number;
  failures: Array<{ file: string; reason: string; status_code: number }>;
}
