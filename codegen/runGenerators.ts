import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Generator } from './Generator';

export interface RunOptions {
  /** The checkout whose sources are read and whose generated files are compared or written. */
  root: string;
  /** Write nothing; count the generated files that differ from what the sources generate. */
  check: boolean;
  /** Only the generator of this output file. */
  only?: string;
  /** A line for the user: stdout for progress, stderr for a stale file. */
  log(line: string, stream: 'out' | 'err'): void;
}

/** Runs the generators (codegen/run.ts is its command line); answers how many files are stale (0 when writing). */
export async function runGenerators(generators: readonly Generator[], opts: RunOptions): Promise<number> {
  let stale = 0;
  for (const g of generators.filter((x) => !opts.only || x.output === opts.only)) {
    const file = join(opts.root, g.output);
    const text = await g.generate(opts.root);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current === text) {
      opts.log(`codegen: ${g.output} is up to date`, 'out');
    } else if (opts.check) {
      stale++;
      opts.log(`codegen: ${g.output} is stale (${g.name}); run \`npm run codegen\` and commit the result`, 'err');
    } else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      opts.log(`codegen: wrote ${g.output}`, 'out');
    }
  }
  return stale;
}
