import type { BlockSchema, CodeTable, JsonSchema, XUi } from './types';

/** What a field is, computed once per metadata (never per keystroke). */
export interface FieldModel {
  /** Document path, e.g. `"delivery.delivery_method"`; the key into `viewModel.fields`. */
  path: string;
  /** Property name within its parent object. */
  key: string;
  blockId: string;
  /** The field's schema with its code-table `$ref` left as written. */
  schema: JsonSchema;
  ui: XUi;
  /** The label from metadata (`x-ui.label`, else `title`, else the key); the VM may override it. */
  title: string;
  /** Code table for a single-choice field (`$ref`) or a multi-choice field (`items.$ref`). */
  codes?: CodeTable;
  /** True when the value is a list of code ids. */
  multiple: boolean;
  /** Fields of each item (arrays of objects) or of the nested object (objects without `x-block`). */
  children?: FieldModel[];
  /** Declaration position, the tie-break after `x-ui.order`. */
  index: number;
}

export interface BlockModel {
  id: string;
  title: string;
  path: string;
  order: number;
  schema: BlockSchema;
  fields: FieldModel[];
  /** The fields in drawing order, those of `x-block.rows` groups gathered where the group's first field is. */
  layout: LayoutItem[];
  children: BlockModel[];
}

/**
 * One field in the block's grid, or a group of rows (`x-block.rows`): each row starts at the
 * left; rows after the first are repeats (tier 2, tier 3) the editor shows once they hold a value
 * or are added.
 */
export type LayoutItem = { field: FieldModel } | { rows: FieldModel[][] };

export interface FormModel {
  blocks: BlockModel[];
  /** Every field (including nested object members, excluding array items) by path. */
  fields: Map<string, FieldModel>;
  /** Every block (including children) by id. */
  blocksById: Map<string, BlockModel>;
}
