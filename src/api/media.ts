/**
 * The product media API (001 §2 Media block, Manage PDF images, Mobile preview; §7 upload-pdf,
 * view images, rotate, resample). Field names are the spec's where it gives them.
 */

/** Where a product PDF's background processing stands. */
export interface PdfProcessing {
  status: 'pending' | 'running' | 'done' | 'failed' | 'none';
  /** Pages in the PDF, once known. */
  pages: number | null;
  pages_done: number;
  error: string | null;
}

/** GET /api/upload-pdf?product_id=: the product's current file and its extracted text. */
export interface UploadPdfDetails {
  /** Download URL of the current file (original upload: pdf_cdn_link_orig). */
  file_path: string | null;
  filename: string | null;
  /** Sniffed MIME type of the current file. */
  mime: string | null;
  /** image | video | audio | pdf | excel | html */
  kind: string | null;
  /** The full extracted text; null while processing or when withheld. */
  pdf_text: string | null;
  /** Characters and words of the extracted text. */
  pdf_characters: number;
  pdf_words: number;
  /** True when the text has more words than the configured limit (001 §5): not displayed. */
  pdf_text_withheld: boolean;
  word_limit: number;
  /** The characters pdf_content keeps (001 §5: 50000). */
  max_characters: number;
  /** The rule's message when the text is longer than max_characters (001 §5), else null. */
  pdf_content_message: string | null;
  banner_product_path: string | null;
  document_size_byte: number | null;
  original_document_size: number | null;
  is_mobile: boolean;
  pdf_cdn_link: string | null;
  pdf_cdn_link_orig: string | null;
  direct_mail_logfile: string | null;
  processing: PdfProcessing;
}

export interface UploadPdfResponse {
  statusCode: 200;
  payload: UploadPdfDetails;
}

/** One page image (001 §3 Image list item). */
export interface ProductImageItem {
  id: number;
  productID: number;
  /** The full-size image. */
  downlaod_url: string;
  thumb_url: string;
  /** 1 for the default preview, else 0. */
  img_document_default: number;
  /** Page number, 1-based. */
  img_document_sort: number;
  width: number;
  height: number;
  rotation: number;
  /** Mobile preview items: image or video (001 §2 Mobile preview). */
  file_type?: string;
}

/** GET /api/view-images?product_id=&product_type=&show=all */
export interface ViewImagesResponse {
  statusCode: 200;
  payload: ProductImageItem[];
  /** The PDF's processing state (manage-PDF shows progress while pages are rendered). */
  processing: PdfProcessing;
  /** Download URL of the PDF, when the product has one. */
  pdf_url: string | null;
}

/** POST /api/view-images/default and POST /api/rotate-images */
export interface ImageActionRequest {
  product_id: number;
  document_sort: number;
}

export interface ImageActionResponse {
  statusCode: 200;
  payload: ProductImageItem;
}

/** One image of a company's products (the Product Image picker, 001 §2). */
export interface CompanyImage {
  /** The full-size image: what product_image is set to. */
  url: string;
  thumb_url: string;
  product_id: number;
  product_name: string;
  page: number;
}

/** GET /api/company-media/{companyID}?exclude={product_id}: the company's Html/PDF icons and images. */
export interface CompanyMedia {
  companyID: number;
  /** Null when the company is not in the reference table (a stored product may still name it). */
  companyName: string | null;
  default_img: string | null;
  /** The company's newest other product catalogued from an email, and that email's processed HTML window (the Html icon). */
  html_product_id: number | null;
  html_url: string | null;
  /** The company's newest other product with an uploaded file, and that file (the PDF icon). */
  pdf_product_id: number | null;
  pdf_url: string | null;
  images: CompanyImage[];
}

export interface CompanyMediaResponse {
  statusCode: 200;
  payload: CompanyMedia;
}
