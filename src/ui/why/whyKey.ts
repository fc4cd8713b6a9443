/** The key that opens the Why? of the field holding the focus (the Why? icons themselves are not Tab stops). */
export const WHY_KEY = 'F1';

/** Why? buttons opened from a field, and that field: the focus goes back to it when the Why? closes. */
export const whyOpenedFrom = new WeakMap<Element, HTMLElement>();

/**
 * Keydown handler for a form drawn by MetadataForm: F1 in a field opens that field's Why? (in a
 * block's heading, the block's). Escape closes it and the focus returns to the field.
 */
export function openWhyOnKey(e: KeyboardEvent | { key: string; target: EventTarget | null; preventDefault(): void }): void {
  if (e.key !== WHY_KEY || !(e.target instanceof Element)) return;
  const holder = e.target.closest('[data-field], section[data-block]');
  const why = holder?.querySelector<HTMLElement>('[data-why-target]');
  if (!why) return;
  e.preventDefault();
  if (e.target instanceof HTMLElement) whyOpenedFrom.set(why, e.target);
  why.click();
}
