import type { RegistryEntry } from '../registry/fieldRegistry';
import type { FieldWidth } from './FieldWidth';
import type { FieldModel } from './formModel';
import type { BlockSchema } from './types';


/** Columns of a block's grid when `x-block.columns` does not say. */
export const DEFAULT_COLUMNS = 4;

const named: Record<Exclude<FieldWidth, number>, (columns: number) => number> = {
  narrow: () => 1,
  medium: (c) => Math.min(2, c),
  wide: (c) => Math.max(1, c - 1),
  full: (c) => c,
};

/** The grid columns of a block (`x-block.columns`), at least one. */
export function blockColumns(schema: BlockSchema): number {
  const c = Number(schema['x-block'].columns ?? DEFAULT_COLUMNS);
  return Number.isFinite(c) && c >= 1 ? Math.floor(c) : DEFAULT_COLUMNS;
}

/**
 * Columns a field spans in a grid of `columns`: `x-ui.width` when the metadata gives it, else the
 * default of its widget (dates, codes, numbers and short text narrow; text medium; long text,
 * lists and tables the whole row).
 */
export function fieldSpan(field: FieldModel, entry: RegistryEntry, columns: number): number {
  const width = (field.ui.width as FieldWidth | undefined) ?? defaultWidth(field, entry);
  const span = typeof width === 'number' ? width : named[width](columns);
  return Math.max(1, Math.min(columns, Math.floor(span)));
}

function defaultWidth(field: FieldModel, entry: RegistryEntry): FieldWidth {
  if (field.children && !entry.ownFrame && entry.name === 'unknown') return 'full';
  if (entry.width) return entry.width;
  if (entry.name === 'text') return field.ui.unit || (field.schema.maxLength ?? Infinity) <= 20 ? 'narrow' : 'medium';
  return 'full';
}
