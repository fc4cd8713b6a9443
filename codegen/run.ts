/**
 * `npx tsx codegen/run.ts` regenerates every artefact; `--check` writes nothing and exits 1 when a
 * committed file differs from what the sources generate (run by `npm test`). `--root <dir>` runs
 * against another checkout and `--only <output>` runs one generator (both used by the codegen test).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generators } from './generators';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? resolve(process.argv[rootArg + 1]) : join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;
let stale = 0;
for (const g of generators.filter((x) => !only || x.output === only)) {
  const file = join(root, g.output);
  const text = await g.generate(root);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (current === text) {
    console.log(`codegen: ${g.output} is up to date`);
  } else if (check) {
    stale++;
    console.error(`codegen: ${g.output} is stale (${g.name}); run \`npm run codegen\` and commit the result`);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`codegen: wrote ${g.output}`);
  }
}
process.exitCode = stale ? 1 : 0;
