import type { MetadataModel } from '../model/MetadataModel';
import type { LintProblem } from '../types';
import { jsonPath } from './jsonPath';

/** The grid a block draws in when `x-block.columns` does not say (the form's DEFAULT_COLUMNS). */
const defaultColumns = 4;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A numeric `x-ui.width` counts the block's grid columns, so one past them is read as the whole row: the forward
 * editor's To, Cc and Subject said 420 and 720 (pixels meant) and stretched across the page. A wide editor draws one
 * column more than `x-block.columns` (docs/metadata.md), so that many is still a width.
 */
export function checkFieldWidths(model: MetadataModel, add: (p: LintProblem) => void): void {
  for (const b of model.blocks) {
    const given = Number((b.schema['x-block'] as Obj | undefined)?.columns ?? defaultColumns);
    const columns = Number.isFinite(given) && given >= 1 ? Math.floor(given) : defaultColumns;
    const walk = (props: unknown, at: (string | number)[]) => {
      if (!isObj(props)) return;
      for (const [key, field] of Object.entries(props)) {
        if (!isObj(field)) continue;
        const width = isObj(field['x-ui']) ? field['x-ui'].width : undefined;
        if (typeof width === 'number' && width > columns + 1) {
          add({ file: b.file, path: jsonPath([...at, key, 'x-ui', 'width']), message: `width ${width} is more than the block's ${columns} grid columns (${columns + 1} on a wide screen; a width counts columns, "full" is the whole row)` });
        }
        walk(field.properties, [...at, key, 'properties']);
      }
    };
    walk(b.schema.properties, ['properties']);
  }
}
