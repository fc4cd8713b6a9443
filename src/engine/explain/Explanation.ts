import type { BlockState, FieldState, RuleKind } from '../types';

/** A json-logic node with the value it had: literals, vars (with the path read), operations. */
export interface TraceNode {
  op?: string;
  var?: string;
  value?: unknown;
  literal?: boolean;
  /** Logic evaluated per array item (inside map, filter, ...): shown, not evaluated. */
  scoped?: boolean;
  logic?: unknown;
  args?: TraceNode[];
}

export interface ExplainedRule {
  id: string;
  kind: RuleKind;
  source: string;
  file: string;
  jsonPath: string;
  /** The rule's outcome: condition holds (visible/readonly/label/required/derive), fails (validate), options kept. */
  outcome: unknown;
  /** Each json-logic part (`when`, `valid`, `value`, `filter`) annotated with actual values. */
  trees: Partial<Record<'when' | 'valid' | 'value' | 'filter', TraceNode>>;
  /** The rule's logic in plain words. */
  words: string;
  /** Why, in one line: `media_channel is 2, needs == 1`. */
  why: string;
}

export interface Explanation {
  target: string;
  kind: 'block' | 'field';
  label: string;
  state: BlockState | FieldState | undefined;
  rules: ExplainedRule[];
  /** The hidden block that hides this field or block (its own explanation), when one does. */
  hiddenBy?: Explanation;
  /** Human-readable, one line per fact: `Delivery hidden: rule delivery.visible: media_channel is 2, needs == 1`. */
  trace: string;
}
