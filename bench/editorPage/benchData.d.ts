/** Written by bench/editor.ts at build time (a Vite virtual module). */
declare module 'virtual:editor-bench-data' {
  import type { BlockSchema, CodeTables } from '../../src/ui/form/types';
  export const blocks: BlockSchema[];
  export const codes: CodeTables;
  /** The same blocks composed into one JSON Schema for stock RJSF (codes inlined as oneOf). */
  export const stockSchema: Record<string, unknown>;
  /** Path of the text field the bench types into. */
  export const targetPath: string;
  /** Metadata files for the engine (`{"schemas/...": parsed}`), or null to run without rules. */
  export const engineFiles: Record<string, unknown> | null;
}
