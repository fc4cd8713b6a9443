import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '../src/engine';
import { computeImpact, diffMetadata } from '../src/engine/diff';
import type { Metadata } from '../src/engine/types';
import { loadMetadataFromDir } from '../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../src/server/paths';
import { generateProducts } from '../src/server/products/generateProducts';
import type { BenchRow } from './BenchRow';

const COUNT = 50_000;
const BUDGET_S = 20;
const NOW = '2024-06-30';
const SAMPLE = 5_000;

type Obj = Record<string, unknown>;

/**
 * tests/fixtures/rule-change/patch.json applied to loaded metadata, in memory, with the Delivery
 * gate moved rather than only widened (audience 3 in, 5 out) so some generated products do change.
 */
function applyFixtureChange(m: Metadata): Metadata {
  const files = structuredClone(m.files) as Record<string, Obj>;
  const patch = JSON.parse(readFileSync(join(projectRoot, 'tests/fixtures/rule-change/patch.json'), 'utf8')) as { edits: Obj[] };
  for (const edit of patch.edits) {
    if (typeof edit.rule === 'string') {
      const rule = Object.entries(files)
        .filter(([f]) => f.startsWith('rules/'))
        .flatMap(([, c]) => (Array.isArray(c.rules) ? (c.rules as Obj[]) : []))
        .find((r) => r.id === edit.rule);
      if (!rule) throw new Error(`fixture change: no rule ${edit.rule}`);
      Object.assign(rule, edit.set);
      if (edit.rule === 'delivery.visible') rule.when = { and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, [1, 2, 3]] }] };
    } else if (typeof edit.codeTable === 'string') {
      Object.assign((files[edit.codeTable].oneOf as Obj[]).find((e) => e.const === edit.code)!, edit.set);
    } else {
      (files[String(edit.file)].properties as Obj)[String(edit.property)] = edit.value;
    }
  }
  return { files };
}

/**
 * Issue 7 performance: impact of the fixture rule change over 50,000 generated products, both
 * versions (save and approve), each version compiled once. Budget: under 20 s; products per second
 * printed as its own row.
 */
export async function benchImpact(): Promise<BenchRow[]> {
  const before = loadMetadataFromDir(projectRoot);
  const after = applyFixtureChange(before);
  const engine = createEngine(before, { now: () => NOW });
  let t = performance.now();
  const products = generateProducts({ count: COUNT, seed: 2024, engine }).map((doc) => ({ id: String(doc.product_id), doc }));
  const genSeconds = (performance.now() - t) / 1000;

  t = performance.now();
  const changes = diffMetadata(before, after);
  const report = computeImpact(before, after, changes, products, { now: NOW, clock: () => performance.now() });
  const seconds = (performance.now() - t) / 1000;
  const detail = `${changes.length} changes; ${report.total.changed} products change; ${report.evaluated} evaluated (${report.evaluatedBoth} under both versions), the rest provably unaffected`;

  // For reference: every product evaluated under both versions (no shortcut), on a sample.
  const sample = products.slice(0, SAMPLE);
  t = performance.now();
  computeImpact(before, after, changes, sample, { now: NOW, exhaustive: true });
  const exhaustivePerSecond = SAMPLE / ((performance.now() - t) / 1000);
  return [
    { figure: `impact of a rule change over ${COUNT.toLocaleString('en-US')} products, both versions`, value: seconds, unit: 's', budget: `< ${BUDGET_S}`, pass: seconds < BUDGET_S, detail },
    { figure: 'impact: products per second', value: COUNT / seconds, unit: 'products/s', budget: `>= ${COUNT / BUDGET_S}`, pass: COUNT / seconds >= COUNT / BUDGET_S },
    { figure: 'impact without shortcuts (every product, both versions): products per second', value: exhaustivePerSecond, unit: 'products/s', budget: 'n/a', pass: true, detail: `measured on ${SAMPLE} products` },
    { figure: 'demo product generator: products per second', value: COUNT / genSeconds, unit: 'products/s', budget: 'n/a', pass: true, detail: 'each product checked by the engine (save + its status action)' },
  ];
}
