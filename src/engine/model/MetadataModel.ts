import type { BlockMeta, CodeTable, FieldMeta, LocatedRule } from '../types';

export interface SchemaFile {
  id: string;
  file: string;
  schema: Record<string, unknown>;
}

/** The metadata files composed into one product model (tolerant: lint reports what is malformed). */
export interface MetadataModel {
  codeTables: Map<string, CodeTable>;
  /** Every schema file (code tables included) by `$id`. */
  schemas: Map<string, SchemaFile>;
  /** Parents before children, then by `x-block.order`. */
  blocks: BlockMeta[];
  blockById: Map<string, BlockMeta>;
  fields: FieldMeta[];
  fieldByPath: Map<string, FieldMeta>;
  /** One object schema for the whole document, composed from the blocks. */
  rootSchema: Record<string, unknown>;
  /** In file order: files sorted by path, rules in the order written. */
  rules: LocatedRule[];
}
