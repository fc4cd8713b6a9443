import type { MetadataModel } from '../model/MetadataModel';
import type { LintProblem } from '../types';
import { jsonPath } from './jsonPath';

/**
 * `x-block.rows` (layout rows, a tier per row) names fields the block draws, each once: a key the
 * block does not have would silently drop from the layout.
 */
export function checkLayoutRows(model: MetadataModel, add: (p: LintProblem) => void): void {
  for (const b of model.blocks) {
    const groups = (b.schema['x-block'] as { rows?: unknown } | undefined)?.rows;
    if (!Array.isArray(groups)) continue;
    const prefix = b.path ? `${b.path}.` : '';
    const seen = new Set<string>();
    groups.forEach((rows: unknown, g) =>
      (Array.isArray(rows) ? rows : []).forEach((row: unknown, r) =>
        (Array.isArray(row) ? row : []).forEach((key: unknown, i) => {
          const at = jsonPath(['x-block', 'rows', g, r, i]);
          if (typeof key !== 'string' || !b.fields.includes(prefix + key)) add({ file: b.file, path: at, message: `row field "${String(key)}" is not a field of block ${b.id}` });
          else if (seen.has(key)) add({ file: b.file, path: at, message: `row field "${key}" is in more than one row` });
          else seen.add(key);
        }),
      ),
    );
  }
}
