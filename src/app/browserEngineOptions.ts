import { precompiledFunctions, type EngineOptions } from '../engine';
import { loadRuleFunctions } from './loadRuleFunctions';

export { loadRuleFunctions };

/**
 * How the browser's engine for metadata of `version` runs its rules without eval (the CSP forbids
 * it): the functions the build generated when they come from the same metadata, closures otherwise
 * (an edit under `portal dev`, another METADATA_DIR). With the same metadata, also the rules of
 * `area` (`product`, or a form area such as `forward`) as the build composed them.
 */
export async function browserEngineOptions(version: string, area: string): Promise<EngineOptions> {
  const generated = await loadRuleFunctions();
  if (generated.metadataVersion !== version) return {};
  const preparedRules = Object.hasOwn(generated.preparedRules, area) ? generated.preparedRules[area] : undefined;
  return { functions: precompiledFunctions(generated.functions), ...(preparedRules ? { preparedRules } : {}) };
}
