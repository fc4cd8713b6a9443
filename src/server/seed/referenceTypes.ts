/** Reference rows with the spec's field names (001 §3, 000 §3); the SQL columns carry the same names. */

export type Country = 'US' | 'CA';
export type PanelistType = 'producer' | 'consumer' | 'mortgage' | 'provider';
export const PANELIST_TYPES: readonly PanelistType[] = ['producer', 'consumer', 'mortgage', 'provider'];

export interface StateRow {
  stateID: number;
  stateName: string;
  stateCode: string;
  country: Country;
}

export interface CompanyRow {
  companyID: number;
  companyName: string;
  default_img: string | null;
  isWorksiteVoluntary: 0 | 1;
  isMilitaryCo: 0 | 1;
  isInsuranceExchange: 0 | 1;
  /** stateIDs the company is limited to; empty when it is not state-specific. */
  co_states: number[];
  /** Product names separated by '##'; null when the company has none on file. */
  associatedProductName: string | null;
}

export interface AffinityRow {
  affinityID: number;
  affinityName: string;
  AffinityCategoryName: string;
}

export interface PanelistRow {
  panelist_id: number;
  competi_id: number;
  first_name: string;
  last_name: string;
  email: string;
  /** Age in years; screens show the decade bucket (age / 10, rounded down). */
  age: number;
  gender: 'M' | 'F';
  incomeID: number;
  stateID: number;
  panelist_type: PanelistType;
  /** 1 business owner, 0 not (000 §9 owner type filter). */
  owner_type: 0 | 1;
  country: Country;
}

export interface PublicationRow {
  publicationID: number;
  publicationName: string;
  /** null for national publications. */
  p_stateID: number | null;
  p_primary_country: Country;
}

export interface ReferenceData {
  companies: CompanyRow[];
  affinities: AffinityRow[];
  panelists: PanelistRow[];
  publications: PublicationRow[];
}
