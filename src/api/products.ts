/**
 * The product API contract (001 §7, 002 §7): product save and read, status actions, soft delete,
 * per-section loaders, lookups, move-and-delete, send-link, activity log and media upload. Field
 * names are the spec's. Every exported type becomes a JSON Schema in
 * codegen/generated/product-api-schemas.json (`npm run codegen`).
 */

/** A product document as stored (docs/metadata.md "The product document"); open: fields come from metadata. */
export interface ProductDocumentJson {
  [field: string]: unknown;
}

/** One refused rule: the rule id, the field path it names and its message (exact spec text). */
export interface ProductRuleError {
  rule: string;
  field: string;
  message: string;
}

/** HTTP 422: what the rules refuse; nothing was stored. */
export interface ProductRefusedResponse {
  error: string;
  /** The messages, one per line. */
  message: string;
  errors: ProductRuleError[];
}

/** POST /api/addProduct and POST /api/product/{id}/status answer: `product` is the product as stored (what GET /api/product/{id} answers). */
export interface AddProductResponse {
  statusCode: 200;
  payload: { product_id: number; index_name: string; metadata_version: string; product: ProductDocumentJson };
}

/** GET /api/product/{id}, GET /api/product/muid/{muid}: the stored document plus its columns. */
export interface ProductResponse {
  statusCode: 200;
  payload: ProductDocumentJson;
}

export type StatusActionName = 'approve' | 'unapprove' | 'problem' | 'reprocess' | 'unused';

/** POST /api/product/{id}/status: the action, and optionally the editor's current document to save with it. */
export interface StatusActionRequest {
  action: StatusActionName;
  product?: ProductDocumentJson;
}

export interface SoftDeleteItem {
  /** @asType integer @minimum 1 */
  product_id: number;
  /** products_{year of added_to_database} */
  index_name: string;
}

/** POST /api/product/soft-delete and POST /api/product/restore. */
export interface SoftDeleteRequest {
  data: SoftDeleteItem[];
}

/** Answers that carry a message for the user (soft delete, send-link). */
export interface MessageResponse {
  statusCode: number;
  message: string;
}

/** GET /api/product/{id}/{section}: the block's (or field's) slice of the document. */
export interface SectionResponse {
  statusCode: 200;
  payload: unknown;
}

/** GET /api/panelists/{text} */
export interface PanelistSearchRow {
  panelist_id: number;
  competi_id: number;
  first_name: string;
  last_name: string;
  age: number;
  gender: string;
  incomeID: number | null;
  stateID: number | null;
}

/** POST /api/data/company */
export interface CompanySearchRequest {
  get_company: string;
}

export interface CompanySearchRow {
  companyID: number;
  companyName: string;
  default_img: string | null;
  isWorksiteVoluntary: number;
  isMilitaryCo: number;
  isInsuranceExchange: number;
  co_states: number[];
  associatedProductName: string | null;
}

/** POST /api/data/affinity */
export interface AffinitySearchRequest {
  affinity: string;
}

export interface AffinitySearchRow {
  affinityID: number;
  affinityName: string;
  AffinityCategoryName: string;
}

/** GET /api/publications/{text} */
export interface PublicationSearchRow {
  publicationID: number;
  publicationName: string;
  p_stateID: number | null;
  p_primary_country: string;
}

/** GET /api/data/sectors/{id}: children of a sector or category (0: the sectors), allowed sectors only. */
export interface SectorOption {
  id: number;
  name: string;
  parent: number | null;
  level: number;
  sectorWorksiteVoluntary: number;
}

/** Search answers: `{statusCode: 200, payload: rows}`. */
export interface LookupResponse {
  statusCode: 200;
  payload: Array<PanelistSearchRow | CompanySearchRow | AffinitySearchRow | PublicationSearchRow | SectorOption>;
}

/** GET /api/users */
export interface UserOption {
  user_id: number;
  username: string;
  user_email: string;
}

export interface UsersResponse {
  statusCode: 200;
  userdata: UserOption[];
}

/** POST /api/get_product_headline */
export interface HeadlineCheckRequest {
  product_headline: string;
  /**
   * The product being edited, which does not count as a duplicate of itself.
   * @asType integer
   * @minimum 1
   */
  product_id?: number;
}

export interface HeadlineCheckResponse {
  status_code: 200;
  product_headline_exist: boolean;
  /** The other product using the headline, when there is one. */
  product_id: number | null;
  request: { product_headline: string };
}

/** GET /api/lastWorkedUser/{id} */
export interface LastWorkedUserResponse {
  statusCode: 200;
  payload: { user_name: string | null };
}

/** POST /api/move-and-delete/lookup */
export interface MoveLookupRequest {
  /** As typed in the dialog: empty answers 'Product ID cannot be empty.' */
  product_id: string;
  entry_id?: string;
}

export interface MoveLookupResponse {
  status_code: number;
  message: string;
  products: { entry_id: string | null };
}

/** POST /api/move-and-delete/validate */
export interface MoveValidateRequest {
  target_entry_id: string;
}

/** The target product an entry id names. */
export interface MoveTarget {
  product_id: number;
  entry_id: string;
  product_status: number;
  entry_date: string | null;
}

export interface MoveValidateResponse {
  status_code: number;
  message: string;
  data: MoveTarget | null;
}

/** POST /api/move-and-delete/confirm */
export interface MoveConfirmRequest {
  target_entry_id: string;
  /** @asType integer @minimum 1 */
  source_product_id: number;
}

export interface MoveConfirmResponse {
  status_code: number;
  status: boolean;
  message: string;
  errors?: ProductRuleError[];
}

/** POST /api/send-email (001 §3 Email request). */
export interface SendLinkRequest {
  subject?: string;
  message?: string;
  user_email: string[];
  /** @asType integer @minimum 1 */
  product_id: number;
  /** Ignored: the server takes the entry id, link, sender and Reply-To from its own records (issue 11). */
  entry_id?: string;
  username?: string;
  from_email?: string;
  product_link?: string;
}

/** GET /api/product-admin-log/{id}?type=process (001 §3 Log row). */
export interface ProductLogRow {
  userid: string;
  ProductActivity: string;
  logDate: string;
}

export interface ProductLogResponse {
  statusCode: 200;
  payload: ProductLogRow[];
}

/**
 * POST /api/upload-product-media answer. Without a product id (a new product, before its first
 * save) the file is staged: `staged_upload` is the token the first save sends to claim it.
 */
export interface UploadResponse {
  statusCode: 200;
  payload: { product_id: number | null; filename: string; mime: string; size: number; kind: 'pdf' | 'media'; product_pdf: string | null; staged_upload?: string };
}
