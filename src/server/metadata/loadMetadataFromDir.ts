import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { LintProblem, Metadata } from '../../engine/types';
import { jsonSyntaxMessage } from './jsonSyntaxMessage';

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Reads `<dir>/schemas/**` and `<dir>/rules/**` into the plain object the engine takes
 * (`{files: {"schemas/codes/x.json": parsed}}`); the meta-schemas under schemas/meta are the
 * engine's own and are skipped. Unparsable files become problems instead of throwing.
 */
export function loadMetadataFromDir(dir: string): Metadata {
  const files: Record<string, unknown> = {};
  const problems: LintProblem[] = [];
  const paths = [...listJson(join(dir, 'schemas')), ...listJson(join(dir, 'rules'))]
    .map((abs) => ({ abs, rel: relative(dir, abs).split(sep).join('/') }))
    .filter((f) => !f.rel.startsWith('schemas/meta/'))
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  for (const f of paths) {
    const text = readFileSync(f.abs, 'utf8');
    try {
      files[f.rel] = JSON.parse(text);
    } catch (e) {
      problems.push({ file: f.rel, path: '$', message: `not valid JSON: ${jsonSyntaxMessage(text, e)}` });
    }
  }
  return problems.length ? { files, problems } : { files };
}
