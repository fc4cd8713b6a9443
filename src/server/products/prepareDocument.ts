import type { Engine } from '../../engine';
import type { RuleError } from '../../engine/types';
import { compileDocumentShape, type DocumentShapeCheck } from '../../engine/shape/compileDocumentShape';
import { transientPaths, withoutPaths } from '../../engine/model/transientPaths';

export interface PreparedDocument {
  /** What to store: derived values applied, hidden `clear` fields emptied, editor state removed. */
  document: Record<string, unknown>;
  /** Every problem of every action, in rule order, without repeats; empty when the save may go ahead. */
  errors: RuleError[];
}

const transientCache = new WeakMap<Engine, string[][]>();
const shapeCache = new WeakMap<Engine, DocumentShapeCheck>();

/**
 * The engine's editor-state paths and its compiled document shape, made on first use per engine.
 * The shape is a large compiled schema (a few hundred ms of CPU): the server makes it before it
 * listens and after a metadata reload (warmUp.ts), not in the first save's request.
 */
export function documentChecks(engine: Engine): { paths: string[][]; shape: DocumentShapeCheck } {
  let paths = transientCache.get(engine);
  if (!paths) transientCache.set(engine, (paths = transientPaths(engine.model)));
  let shape = shapeCache.get(engine);
  if (!shape) shapeCache.set(engine, (shape = compileDocumentShape(engine.model)));
  return { paths, shape };
}

/** Whether documentChecks has been made for this engine (warm-up tests). */
export const documentChecksReady = (engine: Engine): boolean => shapeCache.has(engine) && transientCache.has(engine);

/**
 * Runs the engine over a document the way the editor does before a save: each action in turn
 * (`save`, then the status action). `prev` is the document itself: a save is not an edit, so the
 * edit effects (`$prev` derive rules such as "adding a panelist sets the entry date") do not run
 * again on the server; state-based derived values and the hidden-data policy do. Editor state is
 * checked (a selected but not uploaded file refuses the save) and then dropped; what is left must
 * fit the blocks' composed JSON Schema.
 */
export function prepareDocument(engine: Engine, doc: Record<string, unknown>, actions: readonly string[]): PreparedDocument {
  const { paths, shape } = documentChecks(engine);
  let working: unknown = doc;
  const errors: RuleError[] = [];
  const seen = new Set<string>();
  for (const action of actions) {
    const vm = engine.evaluate(working, { action, prev: working });
    for (const e of vm.errors) {
      const key = `${e.rule}\0${e.field}\0${e.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push(e);
    }
    working = vm.document;
  }
  const document = withoutPaths(working as Record<string, unknown>, paths);
  // The composed JSON Schema too: a value no rule reads (a wrong type, an unknown code) is refused, not stored.
  errors.push(...shape(document));
  return { document, errors };
}
