/**
 * Structural types for what the renderer reads: block schemas, code tables and the engine's view model.
 * They are structural on purpose, so the engine's own types are assignable without an import
 * (src/ui depends on the engine's output shape, not on its module).
 */

/** The `x-ui` annotation of a field (docs/metadata.md). Unknown keys pass through to widgets. */
export interface XUi {
  widget?: string;
  order?: number;
  unit?: string;
  label?: string;
  help?: string;
  width?: number | string;
  maxLength?: number;
  heading?: string;
  lookup?: string;
  /** Picker: debounce in ms before a lookup runs. */
  debounce?: number;
  /** Picker: minimum characters before a lookup runs. */
  minChars?: number;
  /** Date: latest selectable day, `"$now"`, `"today"` or `YYYY-MM-DD` (future dates disabled). */
  maxDate?: string;
  /** Date: show a Clear button (`clearable` is the same). */
  clear?: boolean;
  clearable?: boolean;
  /** Textarea: the character counter's maximum. */
  counter?: number;
  /** Shown read-only in the editor (presentation only; rules use `readonly` rules). */
  readonly?: boolean;
  /** Checkbox: text beside the box (e.g. "Yes"). */
  checkboxLabel?: string;
  /** List/table: item keys shown as columns, in order. */
  columns?: string[];
  /** Picked list: the (transient) field a candidate item is put in while the rules check it. */
  draft?: string;
  /** Picked list: the action whose rules check a candidate item before it is added. */
  check?: string;
  [key: string]: unknown;
}

export interface XBlock {
  id: string;
  path: string;
  order?: number;
  hidden?: 'clear' | 'keep' | 'skip';
  source?: string;
  parent?: string;
  /** Field keys (relative to `path`) this block groups when it shares its parent's path. */
  fields?: string[];
  /** Layout rows: groups of rows of field keys; each row starts at the left, later rows of a group are repeats. */
  rows?: string[][][];
  heading?: string;
  [key: string]: unknown;
}

/** A JSON Schema node as the metadata files write it (only what the renderer reads is typed). */
export interface JsonSchema {
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  'x-ui'?: XUi;
  'x-block'?: XBlock;
  [key: string]: unknown;
}

export interface BlockSchema extends JsonSchema {
  'x-block': XBlock;
}

export interface CodeEntry {
  const: string | number;
  title: string;
  'x-key'?: string;
  'x-summary'?: string;
  [key: string]: unknown;
}

export interface CodeTable {
  $id: string;
  title?: string;
  type?: string;
  oneOf: CodeEntry[];
  [key: string]: unknown;
}

/** Code tables by `$id` (e.g. `"codes/media_channel"`). */
export type CodeTables = Record<string, CodeTable>;

/** One option as the engine may give it: a code id, or a code entry. */
export type VmOption = string | number | { const: string | number; title?: string; [key: string]: unknown };

/** An engine error as it may appear in `fields[path].errors`. */
export type VmError = string | { message: string; rule?: string; field?: string };

export interface VmFieldState {
  visible?: boolean;
  required?: boolean;
  readonly?: boolean;
  label?: string;
  options?: VmOption[];
  errors?: VmError[];
}

/** The engine's ViewModel, as far as the renderer reads it. */
export interface ViewModelLike {
  blocks?: Record<string, { visible?: boolean; label?: string } | undefined>;
  fields?: Record<string, VmFieldState | undefined>;
  [key: string]: unknown;
}

export type FormMode = 'edit' | 'read';

/** A product document or any sub-object of it. */
export type Doc = Record<string, unknown>;
