let loading: Promise<typeof import('virtual:rule-functions')> | null = null;

/**
 * The build's generated rule functions: a chunk of their own, fetched beside the metadata. Kept
 * apart from the engine so the boot code can start the fetch (src/app/product/loadProductEditor.ts).
 */
export function loadRuleFunctions(): Promise<typeof import('virtual:rule-functions')> {
  loading ??= import('virtual:rule-functions');
  loading.catch(() => (loading = null));
  return loading;
}
