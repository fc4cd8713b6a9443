/** 001 §6, §8. */
export const NO_PERMISSION = 'You do not have permission';
/** 001 §4, §8. */
export const TEMP_CREATED = 'Temp product has already been created';
/** 001 §4: a deleted product is in the archive; restoring needs an administrator. */
export const DELETED_NOTICE = 'This product has been deleted and moved to the archive section. Contact an administrator to restore it.';

/** Shown over a product whose unsaved changes came back after the session ended (docs/decisions/unsaved-work-over-session-end.md). */
export const RESTORED_NOTICE = 'Your session ended before these changes were saved. They are back as you left them: save them to keep them, or Cancel to discard them.';

/** A product address whose MUID neither a product nor an email has (a mistyped or stale link). */
export const NO_SUCH_MUID = 'No product or email has this MUID';
export const noSuchMuidHelp = (muid: string) => `Nothing was found for MUID ${muid}. Check the link, or add a new product.`;
