import type { CompiledLogic, EvalContext } from '../logic/EvalContext';
import type { FunctionSource } from '../logic/FunctionSource';
import type { OpRegistry } from '../logic/OpRegistry';
import type { MetadataModel } from '../model/MetadataModel';
import type { CompiledRule, EvaluateOptions, LocatedRule, ViewModel } from '../types';
import type { Explanation } from '../explain/Explanation';

export interface EngineOptions {
  /** Today as `YYYY-MM-DD` (`$now`); injected so tests are deterministic. */
  now?: () => string;
  /** Custom operations; defaults to every operation of docs/metadata.md. */
  ops?: OpRegistry;
  /**
   * Reuse an options rule's last list without running its filter when the document values it reads
   * equal the previous evaluation's (default true). The engine bench turns it off, so a full
   * evaluation there runs every filter on every option, as the json-logic peers do.
   */
  reuseOptionLists?: boolean;
  /**
   * Compile `var` paths, and the copies of documents that gain a derived key, to generated
   * functions (`new Function`) instead of closures and spreads: faster (each path and shape keeps
   * its own inline caches), for hosts that allow code generation. The server and the CLI
   * turn it on; the browser leaves it off (its Content-Security-Policy forbids eval). Same results.
   */
  codeGeneration?: boolean;
  /**
   * Where code generation is not allowed (the browser): how the rule functions and var readers are
   * made without eval, normally `precompiledFunctions(...)` over the module the build generated from
   * the same metadata (`virtual:rule-functions`, codegen/ruleFunctionsPlugin.ts). A function it
   * cannot make (the metadata changed since the build) is a closure. Ignored with `codeGeneration`.
   */
  functions?: FunctionSource;
  /**
   * The model's rules as the build composed them from the same files (`virtual:rule-functions`'
   * `preparedRules`): gates expanded and codes by key resolved once there, not at each start of a
   * browser's engine. Only for metadata equal to the build's (the caller checks its version).
   */
  preparedRules?: readonly LocatedRule[];
}

export interface Engine {
  readonly model: MetadataModel;
  readonly ops: OpRegistry;
  readonly rules: readonly CompiledRule[];
  evaluate(doc: unknown, opts?: EvaluateOptions): ViewModel;
  /**
   * Re-evaluates only the rules reading `changedPaths` (and, through derived targets, their
   * dependents). `doc` is the previous document with the edit and the previous `derived` applied.
   */
  evaluateIncremental(prev: ViewModel, doc: unknown, changedPaths: string[], opts?: EvaluateOptions): ViewModel;
  explain(doc: unknown, target: string, opts?: EvaluateOptions): Explanation;
  /**
   * The document as the rules see it (derived values applied) and their context, without running
   * them: for tools that check single rules on many documents (impact's static check). With
   * `reading`, only the derive rules deciding those paths run (the values there are the same).
   */
  derive(doc: unknown, opts?: EvaluateOptions, reading?: readonly string[][]): { data: unknown; ctx: EvalContext };
  /** Plain words for a json-logic expression, using field and code titles. */
  describe(logic: unknown): string;
  /** Compile ad-hoc logic with this engine's operations. */
  compile(logic: unknown): CompiledLogic;
  /** The data and context the rules of this view model saw (for explain and tools). */
  inputsOf(vm: ViewModel): { data: unknown; ctx: EvalContext } | undefined;
  /** Ids of the rules whose logic ran in the last evaluate / evaluateIncremental. */
  readonly lastRun: { ruleIds: string[] };
}
