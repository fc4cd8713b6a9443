/** Editor state (`x-transient` drafts) has no field of its own: the product widgets draw it. */
export function NothingWidget() {
  return null;
}
