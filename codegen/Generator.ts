/** One generated artefact: `generate` returns the file's full text, written to `output` (relative to the repo root). */
export interface Generator {
  name: string;
  output: string;
  generate(root: string): string | Promise<string>;
}
