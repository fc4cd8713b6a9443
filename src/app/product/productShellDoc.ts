import type { ProductDocumentStore } from './productDocumentStore';

/** The product values the editor's frame (header, actions, windows menu, dialogs) reads. */
const SHELL_KEYS = ['product_id', 'product_status', 'is_deleted', 'muid', 'last_worked_user', 'product_pdf', 'media_channel', 'ec_content_type'] as const;

export type ProductShellDoc = Readonly<Partial<Record<(typeof SHELL_KEYS)[number], unknown>>>;

/**
 * A snapshot getter of those values for useSyncExternalStore: the same object until one of them
 * changes, so a keystroke in the form does not render the frame around it (only the form's own
 * subscriptions see the document).
 */
export function shellDocReader(store: Pick<ProductDocumentStore, 'getDoc'>): () => ProductShellDoc {
  let last: Record<string, unknown> | null = null;
  return () => {
    const doc = store.getDoc();
    if (last && SHELL_KEYS.every((k) => last![k] === doc[k])) return last;
    last = Object.fromEntries(SHELL_KEYS.map((k) => [k, doc[k]]));
    return last;
  };
}
