/**
 * `npx tsx codegen/run.ts` regenerates every artefact; `--check` writes nothing and exits 1 when a
 * committed file differs from what the sources generate (run by `npm test`). `--root <dir>` runs
 * against another checkout and `--only <output>` runs one generator.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generators } from './generators';
import { runGenerators } from './runGenerators';

const rootArg = process.argv.indexOf('--root');
const onlyArg = process.argv.indexOf('--only');
const stale = await runGenerators(generators, {
  root: rootArg > 0 ? resolve(process.argv[rootArg + 1]) : join(dirname(fileURLToPath(import.meta.url)), '..'),
  check: process.argv.includes('--check'),
  only: onlyArg > 0 ? process.argv[onlyArg + 1] : undefined,
  log: (line, stream) => (stream === 'err' ? console.error(line) : console.log(line)),
});
process.exitCode = stale ? 1 : 0;
