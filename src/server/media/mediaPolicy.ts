import { metadataStore } from '../metadata/metadataStore';

/** The PDF text limits, as schemas/product/sections/media.json declares them on pdf_content. */
export interface PdfTextPolicy {
  /** Characters kept in the document's pdf_content (001 §5, §9: 50000). */
  maxChars: number;
  /** Extracted text with more words than this is withheld from display (001 §5; configured). */
  wordLimit: number;
  /** The message of the rule on pdf_content's length (001 §5). */
  tooLongMessage: string;
}

interface FieldUi {
  'x-ui'?: { maxLength?: number; wordLimit?: number };
}

/** Reads the limits from the served metadata, so analysts change them in one file. */
export function pdfTextPolicy(): PdfTextPolicy {
  const files = metadataStore().current().metadata.files;
  const media = files['schemas/product/sections/media.json'] as { properties?: Record<string, FieldUi> } | undefined;
  const ui = media?.properties?.pdf_content?.['x-ui'] ?? {};
  let tooLongMessage = '';
  for (const [name, file] of Object.entries(files)) {
    if (!name.startsWith('rules/product/')) continue;
    const rule = (file as { rules?: Array<{ id: string; message?: string }> }).rules?.find((r) => r.id === 'pdf_content.max');
    if (rule?.message) tooLongMessage = rule.message;
  }
  return { maxChars: ui.maxLength ?? 50000, wordLimit: ui.wordLimit ?? 20000, tooLongMessage };
}

/** Words as the word limit counts them: runs of non-space characters. */
export function countWords(text: string): number {
  const m = text.match(/\S+/g);
  return m ? m.length : 0;
}
