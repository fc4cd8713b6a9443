/**
 * The request header a product editor names its load with on each save, status action and upload
 * (docs/decisions/two-editors-on-one-product.md): the server records it with the activity row, so a later change
 * by the same user from another tab or window is told apart from this editor's own.
 */
export const editorIdHeader = 'x-editor-id';

/** What the server accepts as an editor id (the editor makes 32 hex digits); anything else is no id. */
export const editorIdPattern = /^[A-Za-z0-9_-]{8,64}$/;
