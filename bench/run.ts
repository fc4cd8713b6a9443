import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './BenchRow';
import { benches } from './index';

const filter = process.argv[2] ?? '';
const rows: BenchRow[] = [];
for (const bench of benches) {
  // An exact name runs that bench alone (`load` is not `first-load`); otherwise a substring matches.
  if (filter && (benches.some((b) => b.name === filter) ? bench.name !== filter : !bench.name.includes(filter))) continue;
  process.stderr.write(`bench: ${bench.name}...\n`);
  try {
    rows.push(...(await bench.run()));
  } catch (err) {
    process.stderr.write(`bench: ${bench.name} failed: ${(err as Error).stack ?? String(err)}\n`);
    rows.push({ figure: bench.name, value: NaN, unit: '', budget: '', pass: false, detail: `failed: ${(err as Error).message}` });
  }
}
const fmt = (v: number) => (Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3)) : 'n/a');
console.log('| figure | value | unit | budget | pass |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.figure} | ${fmt(r.value)} | ${r.unit} | ${r.budget} | ${r.pass ? 'yes' : 'NO'} |`);
const out = join(dirname(fileURLToPath(import.meta.url)), 'results.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(rows.map((r) => ({ detail: '', ...r })), null, 2) + '\n');
process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
