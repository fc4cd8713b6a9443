/**
 * Where the keyboard goes once a row's own Delete removed the row (a forward's attachment, a forward in its history):
 * the control named by `rowSelector(key)` on the row after it, else on the row before, else `fallback`'s. Without
 * it the focus falls to the page with the row's button, and the dialogs that follow (the confirmation, 'Attachment
 * deleted successfully') give it back to that removed button: a keyboard user starts again from the header.
 */
export function focusAfterRemoval<K>(root: Element | null, keys: readonly K[], removed: K, rowSelector: (key: K) => string, fallback: string): void {
  if (!root) return;
  const at = keys.indexOf(removed);
  const neighbours = at < 0 ? [] : [keys[at + 1], keys[at - 1]].filter((k): k is K => k !== undefined);
  const target = [...neighbours.map(rowSelector), fallback].map((s) => root.querySelector<HTMLElement>(s)).find((el) => el && !el.hasAttribute('disabled'));
  target?.focus();
}
