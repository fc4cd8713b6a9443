/**
 * The windows of the product editor's actions (001 §2 "Actions": uploaded PDF, direct mail PDF,
 * render PDF, processed html, temp pdf) and where each opens.
 */
export const productWindows = {
  email: (muid: string | number) => ({
    /** The email as the portal processed it, in its own window. */
    processedHtml: `/processedhtml/${muid}`,
    processedHtmlApi: `/api/processedhtml/${muid}`,
    /** The processed PDF, rendered once and kept ("Use Process PDF"). */
    tempPdf: `/temppdf/${muid}`,
    tempPdfApi: `/api/temppdf/${muid}`,
    /** The email rendered as a PDF now, in the browser's PDF viewer. */
    renderPdf: `/api/renderpdf/${muid}`,
  }),
  product: (productId: number) => ({
    /** The product's current upload. */
    uploaded: `/api/download/${productId}`,
    /** The file as first uploaded: a direct mail piece's scan. */
    original: `/api/download/${productId}?type=original`,
  }),
};
