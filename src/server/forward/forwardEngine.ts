import { areaFiles, createEngine, type Engine } from '../../engine';
import { metadataStore, type MetadataSnapshot } from '../metadata/metadataStore';

let cached: { snapshot: MetadataSnapshot; engine: Engine } | undefined;

/** The forward form's engine (schemas/forward, rules/forward) from the metadata the server serves. */
export function forwardEngine(): Engine {
  const snapshot = metadataStore().current();
  if (cached?.snapshot !== snapshot) cached = { snapshot, engine: createEngine({ files: areaFiles(snapshot.metadata.files, 'forward') }, { codeGeneration: true }) };
  return cached.engine;
}

export interface ForwardFields {
  forward_to: string;
  cc: string;
  forward_subject: string;
}

/** The blocking errors of an action (save, send) and the Cc warning, by the rules/forward checks. */
export function checkForward(doc: ForwardFields, action: 'save' | 'send'): { errors: string[]; warnings: string[] } {
  const engine = forwardEngine();
  return {
    errors: engine.evaluate(doc, { action }).errors.map((e) => e.message),
    warnings: engine.evaluate(doc, { action: 'cc_check' }).errors.map((e) => e.message),
  };
}
