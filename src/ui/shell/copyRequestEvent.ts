/** Window event the header's Copy button sends; the screen showing a selection (the dashboard) acts on it. */
export const copyRequestEvent = 'portal:copy-request';
