import { createContext, useContext } from 'react';
import type { RegistryEntry } from '../registry/fieldRegistry';

/** The field registry in use, so nested renderers (list cells) pick widgets from the same list. */
export interface RegistryValue {
  entries: readonly RegistryEntry[];
  fallback: RegistryEntry;
}

// No default here: the default entries import widgets that import this module (a cycle).
export const RegistryContext = createContext<RegistryValue | null>(null);

/** The registry MetadataForm provides, or null outside one (e.g. inside a plain RJSF Form). */
export function useRegistry(): RegistryValue | null {
  return useContext(RegistryContext);
}
