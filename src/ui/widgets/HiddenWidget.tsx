/** `x-ui.widget: "hidden"`: kept in the document, never drawn. */
export function HiddenWidget() {
  return null;
}
