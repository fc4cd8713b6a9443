import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The decision record (docs/decisions/) must not drift from the rules: every rule id a decision
// names on its `- Rules:` line exists under rules/, and every decision is reachable from the index.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const decisionsDir = join(root, 'docs', 'decisions');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

function ruleIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of jsonFiles(join(root, 'rules'))) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { rules?: { id: string }[]; checks?: { id: string }[] };
    for (const r of [...(json.rules ?? []), ...(json.checks ?? [])]) ids.add(r.id);
  }
  return ids;
}

const decisions = readdirSync(decisionsDir).filter((f) => f.endsWith('.md') && f !== 'README.md');

/** The backticked ids of a decision's `- Rules:` line (it may wrap onto indented lines). */
function namedRules(text: string): string[] {
  const match = /^- Rules:((?:.*)(?:\n {2,}.*)*)/m.exec(text);
  return match ? [...match[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]) : [];
}

describe('docs/decisions', () => {
  const ids = ruleIds();

  it('has decisions that name rules', () => {
    const naming = decisions.filter((f) => namedRules(readFileSync(join(decisionsDir, f), 'utf8')).length > 0);
    expect(naming.length).toBeGreaterThan(10);
  });

  it.each(decisions)('%s names only rule ids that exist', (file) => {
    const missing = namedRules(readFileSync(join(decisionsDir, file), 'utf8')).filter((id) => !ids.has(id));
    expect(missing, `${relative(root, join(decisionsDir, file))} names unknown rule ids`).toEqual([]);
  });

  it('lists every decision in its index', () => {
    const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8');
    const linked = new Set([...index.matchAll(/\]\(([^)]+\.md)\)/g)].map((m) => m[1]));
    expect(decisions.filter((f) => !linked.has(f))).toEqual([]);
    expect([...linked].filter((f) => !decisions.includes(f))).toEqual([]);
  });

  it('starts each decision with a title and a status', () => {
    for (const file of decisions) {
      const text = readFileSync(join(decisionsDir, file), 'utf8');
      expect(text, file).toMatch(/^# .+\n\n(- )?Status: /);
    }
  });
});
