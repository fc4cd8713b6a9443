/**
 * A new product editor load's id (editorIdHeader, docs/decisions/two-editors-on-one-product.md): 32 random hex
 * digits. getRandomValues, not randomUUID, which a portal served over plain http on a LAN address does not have.
 */
export function newEditorId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
