import type { Registry } from '@rjsf/utils';

/**
 * The `registry` prop RJSF widgets receive. The metadata renderer draws widgets without an RJSF
 * Form, and our widgets never read the registry, so a minimal one is enough; the cast is because
 * `schemaUtils` needs a validator and root schema the renderer does not have.
 */
export const STUB_REGISTRY = {
  fields: {},
  templates: {},
  widgets: {},
  formContext: {},
  rootSchema: {},
  schemaUtils: undefined,
  translateString: (s: string) => s,
  globalFormOptions: { idPrefix: '', idSeparator: '.', useFallbackUiForUnsupportedType: false },
} as unknown as Registry;
