/**
 * The DOM event a MetadataForm drawn in two steps (`firstBlocks`) dispatches from its root, bubbling,
 * once its later blocks are on the page: what watches the blocks (the section navigator) looks again.
 */
export const BLOCKS_DRAWN_EVENT = 'portal-blocks-drawn';
