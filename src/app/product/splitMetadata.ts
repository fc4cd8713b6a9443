import type { BlockSchema, CodeTable, CodeTables } from '../../ui/form/types';

export interface ProductMetadata {
  blocks: BlockSchema[];
  codes: CodeTables;
}

/**
 * The renderer's inputs from the loaded metadata files: every product block schema (sections and
 * sectors, anything under schemas/product/ with an `x-block`) and every code table by `$id`.
 * A sector added as files shows up here with no code change.
 */
export function splitMetadata(files: Record<string, unknown>): ProductMetadata {
  const blocks: BlockSchema[] = [];
  const codes: CodeTables = {};
  for (const [path, content] of Object.entries(files)) {
    if (!content || typeof content !== 'object') continue;
    const schema = content as Record<string, unknown>;
    if (path.startsWith('schemas/product/') && schema['x-block']) blocks.push(schema as BlockSchema);
    else if (path.startsWith('schemas/codes/') && typeof schema.$id === 'string' && Array.isArray(schema.oneOf)) {
      codes[schema.$id] = schema as CodeTable;
    }
  }
  return { blocks, codes };
}
