import type { UploadPdfDetails } from '../../../api/media';

/** The product's current file as the media block shows it (GET /api/upload-pdf). */
export type MediaDetails = UploadPdfDetails;

/** Still making page images or text: the widget asks again shortly. */
export const isProcessing = (d: MediaDetails | null | undefined): boolean => !!d && (d.processing.status === 'pending' || d.processing.status === 'running');
