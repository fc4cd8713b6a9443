import type { CompiledLogic, EvalContext } from './logic/EvalContext';

/** Metadata as loaded: every file under schemas/ and rules/ by relative path, already parsed. */
export interface Metadata {
  files: Record<string, unknown>;
  /** Problems found while loading (unreadable file, invalid JSON); reported by lint. */
  problems?: LintProblem[];
}

/** `file:path: message`, path a JSONPath into the file (`$.rules[3].message`). */
export interface LintProblem {
  file: string;
  path: string;
  message: string;
}

export type HiddenPolicy = 'clear' | 'keep' | 'skip';
export type RuleKind = 'visible' | 'required' | 'validate' | 'derive' | 'options' | 'readonly' | 'label';

export interface RuleDef {
  id: string;
  kind: RuleKind;
  target: string;
  source: string;
  description?: string;
  when?: unknown;
  valid?: unknown;
  value?: unknown;
  filter?: unknown;
  label?: string;
  message?: string;
  actions?: string[];
  /** validate only: `warning` asks the user to confirm instead of refusing (ViewModel.warnings). */
  severity?: 'error' | 'warning';
  /** derive only: applying the rule twice gives the same value (clean-up); lint does not call it a cycle. */
  idempotent?: boolean;
}

export interface CodeEntry {
  const: string | number;
  title: string;
  [key: string]: unknown;
}

export interface CodeTable {
  id: string;
  file: string;
  title: string;
  type: string;
  entries: CodeEntry[];
  byValue: Map<unknown, CodeEntry>;
  /** The table's own `x-` keys (`x-source`, and policy such as `x-foreign-names`). */
  annotations?: Record<string, unknown>;
}

export interface BlockMeta {
  id: string;
  title: string;
  path: string;
  segs: string[];
  parent?: string;
  order: number;
  hidden: HiddenPolicy;
  source: string;
  file: string;
  /** Field paths this block shows (its own properties, or the `fields` it groups). */
  fields: string[];
  schema: Record<string, unknown>;
}

export interface FieldMeta {
  path: string;
  segs: string[];
  block: string;
  title: string;
  schema: Record<string, unknown>;
  codeTable?: CodeTable;
  multi: boolean;
  hidden: HiddenPolicy;
  ui: Record<string, unknown>;
  file: string;
  jsonPath: string;
}

/** A rule with where it came from. */
export interface LocatedRule extends RuleDef {
  file: string;
  jsonPath: string;
  /** Where its logic used the file's gates (already expanded), for lint to point into the gate. */
  gates?: Array<{ key: string; segs: Array<string | number>; name: string }>;
  /** Position in file order (files sorted by path). */
  index: number;
}

export interface RuleError {
  rule: string;
  field: string;
  message: string;
}

export interface FieldState {
  visible: boolean;
  required: boolean;
  readonly: boolean;
  label: string;
  options?: CodeEntry[];
  errors: RuleError[];
}

export interface BlockState {
  visible: boolean;
  readonly: boolean;
  label: string;
}

export interface ViewModel {
  blocks: Record<string, BlockState>;
  fields: Record<string, FieldState>;
  /** Ids of visible blocks, in block order. */
  visible: string[];
  errors: RuleError[];
  /** Failed validate rules of `severity: "warning"` (only when an action is given): confirmed, never refused. */
  warnings: RuleError[];
  /** Changed paths and their new values: derive rules, then hidden `clear` fields (null). */
  derived: Record<string, unknown>;
  /**
   * Paths of hidden `clear` fields whose values this evaluation emptied, in field order: what a save
   * drops. Always empty with `keepHiddenValues` (the editor keeps them until the save).
   */
  dropped: string[];
  /** The input document with `derived` applied (the same object when nothing changed). */
  document: unknown;
}

export interface EvaluateOptions {
  action?: string | null;
  /** The document before the edit, seen by derive rules as `$prev`. */
  prev?: unknown;
  /**
   * The editor's evaluation of an unsaved product: values of hidden `clear` fields stay in the
   * document (they come back when their block does) and are not checked. Without it (a save, the
   * server, the CLI) they are emptied and the rules reading them run again, so the view model
   * describes the document as stored.
   */
  keepHiddenValues?: boolean;
}

export interface CompiledRule extends LocatedRule {
  whenFn?: CompiledLogic;
  validFn?: CompiledLogic;
  valueFn?: CompiledLogic;
  filterFn?: CompiledLogic;
  /** What the target is: a block, a field, or a field of every item of an array (`list.*.field`). */
  targetType: 'block' | 'field' | 'item';
  targetSegs: string[];
  /** For item targets: the array path and the path inside the item. */
  itemArray?: string[];
  itemField?: string[];
  /** Document paths the rule reads (root scope; `$prev.x` as x); null means "anything" (a computed var name). */
  deps: string[][] | null;
  /**
   * `deps` without the `$prev` reads: what can change during one evaluation (derived values, emptied
   * hidden values), where the document before the edit stays the same. Null like `deps`.
   */
  docDeps: string[][] | null;
  /**
   * Options rules: the document paths whose values alone decide the filtered list (it also reads
   * only the option and `$now`/`$action`), so an unchanged set of values reuses the last list.
   * Null when the filter reads `$prev`, `$options` or a computed name.
   */
  optionsKey?: string[][] | null;
  /** Options rules whose filter compares one option field with a per-evaluation value: answered from an index of the table. */
  filterIndex?: OptionIndex;
}

/**
 * An options filter that compares one field of the option with a value computed once per evaluation
 * (`{"==": [{"var": "option.x-parent"}, {"var": "doc.sector_draft.sector"}]}`,
 * `{"in": [{"var": "option.const"}, {"chain_lasts": ...}]}`, `{"intersects": [{"var": "option.x-sectors"}, ...]}`),
 * answered from an index of the code table built once, instead of running the filter per option.
 * `keep` returns undefined when the value is of a kind the index cannot answer exactly (a loose
 * `==` across types, an `in` on a string): the caller then runs the filter per option.
 */
export interface OptionIndex {
  /** `last`: the list kept last time, returned itself when the answer equals it (no list made). */
  keep(data: unknown, ctx: EvalContext, last?: CodeEntry[]): CodeEntry[] | undefined;
}
