/** The predictions ("spacey") API: 000 §3 Prediction, §7 "Predictions and companies". */
import type { SearchCriteria } from './emailTypes';

export type PredictionTarget = 'sector' | 'category' | 'mailing_type' | 'company';
export type ModelVariant = 'current' | '2019';

/** One ranked guess: the label (string id), its title and a score in 0..1. */
export interface Guess {
  label: string;
  title: string;
  score: number;
}

/** A token that weighed for a guess, with its weight in bits (log2 odds). */
export interface Evidence {
  token: string;
  weight: number;
}

/** One spacey list row: the email and its top sector and company guesses. */
export interface SpaceyRow {
  muid: number;
  email_subject: string;
  email_from_one: string;
  email_date: string | null;
  deleted: number;
  /** The row's version (emails.row_version): the newest answer about a row wins (src/api/hooks/newestRows.ts). */
  row_version: number;
  panelist_id: number | null;
  sector: Guess | null;
  company: Guess | null;
}

/** POST /api/spacey/list */
export interface SpaceyListRequest {
  page: number;
  perpage: number;
  sorting_field: string;
  sorting_direction: 'asc' | 'desc';
  variant: ModelVariant;
  /** The applied search (000 §2 "Search form (primary and spacey)"); null lists every email with predictions. */
  search: SearchCriteria | null;
}

/** POST /api/spacey/sender-details {query, searchBy} (000 §7): which sender field the query searches. */
export type SenderSearchBy = 'email' | 'name';

/** GET /api/spacey/company-name/{text}: a company the search matched. */
export interface CompanyMatch {
  companyID: number;
  companyName: string;
}

export interface SpaceyListResponse {
  payload: SpaceyRow[];
  hasNext: boolean;
  totalSpaceyEmails: number;
  lastPage: number;
  model: { version: number; trained_at: string } | null;
}

/** GET /api/spacey/predictions/{muid}: everything the Predictions for MUID screen shows. */
export interface EmailPredictions {
  muid: number;
  email_subject: string;
  email_from_one: string;
  email_date: string | null;
  variant: ModelVariant;
  model_version: number | null;
  training_datetime: string | null;
  sectors: Guess[];
  cateegory: Guess[];
  mailingtypename: Guess[];
  companies: Guess[];
  evidence: Record<PredictionTarget, Evidence[]>;
  /** The email's product as stored (sector chain, category, mailing type, company), when there is one. */
  product: { product_id: number; entry_id: string | null; product_status: number; orginalsector: string | null; orginalcategory: string | null; mtypeNameorginal: string | null; companies: string[] } | null;
  /** What the model read (text extraction). */
  text: string;
  /** Accepts and rejects of the email's predictions, newest first; `title` is the label's (code table or company name). */
  feedback: Array<{ target: PredictionTarget; label: string; title: string; verdict: 'accept' | 'reject'; username: string | null; created_at: string }>;
  emailCompanies: EmailCompany[];
}

export interface EmailCompany {
  id: number;
  companyID: number | null;
  companyName: string;
  deleted: number;
}

/** POST /api/spacey/accept/{muid}: the labels to apply to the email's product (each optional). */
export type AcceptRequest = Partial<Record<PredictionTarget, string>>;

export interface AcceptResponse {
  product_id: number;
  entry_id: string | null;
  created: boolean;
  msg: string;
}

export interface RejectRequest {
  target: PredictionTarget;
  label: string;
}
