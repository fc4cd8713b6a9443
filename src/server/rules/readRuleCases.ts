import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CoverageDocument } from '../../engine/coverage';
import { ruleCaseDocuments } from './ruleCaseDocuments';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The harness's default `$now` (tests/rules/harness.test.ts). */
const DEFAULT_NOW = '2024-06-01';

/**
 * The rule cases (tests/rules/*.json, format in tests/rules/README.md) written against the metadata
 * in `metadataDir`: files naming another metadata folder (the engine's own fixtures) are left out.
 * A missing folder gives no cases; an unreadable file is skipped (the harness reports it).
 */
export function readRuleCases(casesDir: string, metadataDir: string, projectDir: string): CoverageDocument[] {
  if (!existsSync(casesDir)) return [];
  const out: CoverageDocument[] = [];
  for (const name of readdirSync(casesDir).filter((f) => f.endsWith('.json')).sort()) {
    let file: unknown;
    try {
      file = JSON.parse(readFileSync(join(casesDir, name), 'utf8'));
    } catch {
      continue;
    }
    if (!isObj(file) || !Array.isArray(file.cases)) continue;
    const dir = typeof file.metadata === 'string' ? resolve(projectDir, file.metadata) : resolve(projectDir);
    if (dir !== resolve(metadataDir)) continue;
    const fileNow = typeof file.now === 'string' ? file.now : DEFAULT_NOW;
    for (const c of file.cases) {
      const { document, prev } = ruleCaseDocuments(file, c);
      if (!isObj(c) || !isObj(document)) continue;
      out.push({
        document,
        actions: [typeof c.action === 'string' ? c.action : null],
        ...(prev !== undefined ? { prev } : {}),
        now: typeof c.now === 'string' ? c.now : fileNow,
      });
    }
  }
  return out;
}
