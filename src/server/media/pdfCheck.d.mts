/** Limits of the structure check (pdfLimits.ts). */
export interface PdfCheckLimits {
  maxPages: number;
  maxImagePixels: number;
  maxStreamBytes: number;
}

/** Why a PDF is not rendered. */
export type PdfProblem = { reason: 'pages'; pages: number } | { reason: 'image'; width: number; height: number } | { reason: 'stream' };

export function pdfProblem(bytes: Uint8Array, limits: PdfCheckLimits): Promise<PdfProblem | null>;
