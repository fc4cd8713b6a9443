import { precompiledFunctions, type EngineOptions } from '../engine';
import { loadRuleFunctions } from './loadRuleFunctions';

export { loadRuleFunctions };

/**
 * How the browser's engine for metadata of `version` runs its rules without eval (the CSP forbids
 * it): the functions the build generated when they come from the same metadata, closures otherwise
 * (an edit under `portal dev`, another METADATA_DIR).
 */
export async function browserEngineOptions(version: string): Promise<EngineOptions> {
  const generated = await loadRuleFunctions();
  return generated.metadataVersion === version ? { functions: precompiledFunctions(generated.functions) } : {};
}
