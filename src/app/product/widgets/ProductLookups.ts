/** Search and reference calls the product widgets make (001 §7); the screen supplies an HTTP implementation. */
import type { MediaDetails } from './MediaDetails';
import type { CompanyMedia, ProductImageItem } from '../../../api/media';
import type { AffinitySearchRow, CompanySearchRow, PanelistSearchRow, PublicationSearchRow, UserOption } from '../../../api/products';

export type PanelistHit = PanelistSearchRow;
export type CompanyHit = CompanySearchRow;
export type AffinityHit = AffinitySearchRow;
export type PublicationHit = PublicationSearchRow;
export type UserHit = UserOption;

export interface UploadResult {
  /** What the product keeps as its PDF/media (path or file name). */
  product_pdf: string;
  /** A new product's file, staged until the first save claims it (sent as `staged_upload`). */
  staged_upload?: string;
  /** Other media fields the server filled (file_name, file_type, pdf_content, ...). */
  fields?: Record<string, unknown>;
}

export interface ProductLookups {
  panelists(text: string, signal: AbortSignal): Promise<PanelistHit[]>;
  companies(text: string, signal: AbortSignal): Promise<CompanyHit[]>;
  affinities(text: string, signal: AbortSignal): Promise<AffinityHit[]>;
  publications(text: string, signal: AbortSignal): Promise<PublicationHit[]>;
  users(): Promise<UserHit[]>;
  /** Child categories of a sector or category, already limited to the user's allowed sectors. */
  sectorChildren(id: number): Promise<Array<{ id: number; name: string }>>;
  allowedSectors(): Promise<number[]>;
  /** The duplicate-headline text when another product (not `productId`) has the headline, else null. */
  headlineDuplicate(headline: string, productId?: number): Promise<string | null>;
  /** Uploads the product media, reporting progress (bytes sent of total). */
  /** Without a product id (a new product) the file is staged for the first save; `mediaChannel` decides the allowed types. */
  upload(file: File, productId: number | undefined, onProgress: (sent: number, total: number) => void, signal: AbortSignal, mediaChannel?: unknown): Promise<UploadResult>;
  /** The product's current file, its extracted text and the state of its processing. */
  media(productId: number): Promise<MediaDetails>;
  /** The page images of the product's own PDF (none while it has no rendered PDF). */
  pageImages(productId: number): Promise<ProductImageItem[]>;
  /** A company's newest other product (its Html/PDF windows) and its products' page images. */
  companyMedia(companyId: number, excludeProductId?: number): Promise<CompanyMedia>;
}
