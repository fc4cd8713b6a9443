import type { EvalContext } from '../logic/EvalContext';
import type { ActionMasks } from './actionMasks';
import type { RuleLog } from './RuleLog';

/** One evaluation as it goes through the phases (derive, options, conditions, view model, hidden policy). */
export interface EvaluationPass {
  action: string | null;
  /** The validate rules and checks of `action` (null without one, or an empty one: nothing is checked). */
  masks: ActionMasks | null;
  ctx: EvalContext;
  /** Per rule (by `rule.index`): a condition's boolean, one boolean per item for item rules, an options rule's kept entries. */
  results: unknown[];
  /** Incremental runs: the paths changed since the previous view model (derive targets are added); null runs every rule. */
  changed: string[][] | null;
  /**
   * Per rule (by `rule.index`), 1 when `changed` makes it run again (kept up to date as derive rules
   * write); null when `changed` is: every rule runs.
   */
  dirty: Uint8Array | null;
  /** The changes come from this evaluation itself (hidden values it emptied): `$prev` reads are not affected. */
  samePrev: boolean;
  /** Ids of the rules whose logic ran. */
  ran: RuleLog;
  /** The document as the rules see it: derived values applied (copied along changed paths only). */
  working: unknown;
  /**
   * `working` when this evaluation made it (derive or the hidden policy copied the root), else null:
   * the hidden policy may then write into it instead of copying it again. Nothing keeps the root
   * itself by identity across the write (memoized parts also key on `ctx.rev`, which it bumps).
   */
  ownedRoot: object | null;
  /** Changed paths and their values: derive rules, then hidden `clear` fields (null). */
  derived: Record<string, unknown>;
  /** Hidden `clear` fields emptied by the hidden-data policy (a save's evaluation only). */
  dropped: string[];
}
