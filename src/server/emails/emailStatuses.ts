import type { Metadata } from '../../engine/types';
import { metadataStore } from '../metadata/metadataStore';

/** The email status table's file (000 §4): statuses by `x-key`, with their policy annotations. */
export const emailStatusFile = 'schemas/codes/email_status.json';

export interface EmailStatusEntry {
  const: number;
  title: string;
  'x-key': string;
  'x-selectable'?: boolean;
  'x-locked'?: boolean;
  'x-bulk'?: boolean;
  'x-dashboards'?: string[];
  'x-email-type'?: string;
  'x-glacier-refused'?: boolean;
}

/** The policy the status table's annotations state, as lists of codes. */
export interface EmailStatuses {
  /** The code of a status key; throws on a key the table does not have (metadata and code disagree). */
  code(key: string): number;
  keyOf(code: number): string | undefined;
  entries: EmailStatusEntry[];
  /** Offered by the status dropdown. */
  selectable: number[];
  /** Shown as plain text; only their own actions (assign copy, moves) change them. */
  locked: number[];
  /** The only statuses one change may set on more than one email. */
  bulk: number[];
  /** Move to e-Glacier refuses a selection holding one of these. */
  glacierRefused: number[];
  /** The statuses a dashboard lists without a search. */
  onDashboard(dashboard: string): number[];
  /** [search-form toggle, status] pairs: the email-type toggles. */
  emailTypes: Array<[string, number]>;
}

const cache = new WeakMap<Metadata, EmailStatuses>();

/** The email statuses of the metadata the server serves now (or of `metadata`). */
export function emailStatuses(metadata: Metadata = metadataStore().current().metadata): EmailStatuses {
  let s = cache.get(metadata);
  if (!s) cache.set(metadata, (s = readStatuses(metadata)));
  return s;
}

function readStatuses(metadata: Metadata): EmailStatuses {
  const table = metadata.files[emailStatusFile] as { oneOf?: EmailStatusEntry[] } | undefined;
  const entries = table?.oneOf ?? [];
  const byKey = new Map(entries.map((e) => [e['x-key'], e.const]));
  const byCode = new Map(entries.map((e) => [e.const, e['x-key']]));
  const codes = (test: (e: EmailStatusEntry) => boolean) => entries.filter(test).map((e) => e.const);
  return {
    entries,
    code(key) {
      const c = byKey.get(key);
      if (c === undefined) throw new Error(`${emailStatusFile} has no status with x-key "${key}"`);
      return c;
    },
    keyOf: (code) => byCode.get(code),
    selectable: codes((e) => e['x-selectable'] !== false),
    locked: codes((e) => e['x-locked'] === true),
    bulk: codes((e) => e['x-bulk'] === true),
    glacierRefused: codes((e) => e['x-glacier-refused'] === true),
    onDashboard: (dashboard) => codes((e) => (e['x-dashboards'] ?? []).includes(dashboard)),
    emailTypes: entries.filter((e) => e['x-email-type']).map((e) => [e['x-email-type']!, e.const]),
  };
}
