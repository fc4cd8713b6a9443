/** 001 §6, §8. */
export const NO_PERMISSION = 'You do not have permission';
/** 001 §4, §8. */
export const TEMP_CREATED = 'Temp product has already been created';
/** 001 §4: a deleted product is in the archive; restoring needs an administrator. */
export const DELETED_NOTICE = 'This product has been deleted and moved to the archive section. Contact an administrator to restore it.';
