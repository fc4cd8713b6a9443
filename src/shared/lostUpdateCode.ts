/**
 * The error code of a save refused over another editor's later change (docs/decisions/two-editors-on-one-product.md):
 * the editor acts on it, not on the words, which live in a rule file an analyst may reword.
 */
export const lostUpdateCode = 'lost_update';
