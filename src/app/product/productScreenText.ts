/** Editor-state blocks drawn by their own widgets or dialogs, not in the page flow of the editor or summary. */
export const EDITOR_BLOCKS = ['sector_editor', 'move_and_delete', 'send_link'];
/** Editor-state blocks nested in a section (the promotion form): hidden in the read-only summary. */
export const EDITOR_CHILD_BLOCKS = ['promotion_form'];
/** 001 §6, §8. */
export const NO_PERMISSION = 'You do not have permission';
/** 001 §4, §8. */
export const TEMP_CREATED = 'Temp product has already been created';
/** 001 §4: a deleted product is in the archive; restoring needs an administrator. */
export const DELETED_NOTICE = 'This product has been deleted and moved to the archive section. Contact an administrator to restore it.';
