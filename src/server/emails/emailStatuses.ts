import type { Metadata } from '../../engine/types';
import { metadataStore } from '../metadata/metadataStore';

/** The email status table's file (000 §4): statuses by `x-key`, with their policy annotations. */
export const emailStatusFile = 'schemas/codes/email_status.json';

interface StatusEntry {
  const: number;
  title: string;
  'x-key': string;
  'x-selectable'?: boolean;
  'x-locked'?: boolean;
  'x-bulk'?: boolean;
  'x-glacier-refuses'?: boolean;
}

export interface EmailStatuses {
  /** The code of a status key; throws on a key the table does not have (a metadata/code mismatch). */
  code(key: string): number;
  /** The key of a stored code, undefined for an unknown one. */
  keyOf(code: number): string | undefined;
  entries: StatusEntry[];
}

const cache = new WeakMap<Metadata, EmailStatuses>();

/** The email statuses of the metadata the server serves now (or of `metadata`). */
export function emailStatuses(metadata: Metadata = metadataStore().current().metadata): EmailStatuses {
  let s = cache.get(metadata);
  if (!s) cache.set(metadata, (s = readStatuses(metadata)));
  return s;
}

function readStatuses(metadata: Metadata): EmailStatuses {
  const table = metadata.files[emailStatusFile] as { oneOf?: StatusEntry[] } | undefined;
  const entries = table?.oneOf ?? [];
  const byKey = new Map(entries.map((e) => [e['x-key'], e.const]));
  const byCode = new Map(entries.map((e) => [e.const, e['x-key']]));
  return {
    entries,
    code(key) {
      const c = byKey.get(key);
      if (c === undefined) throw new Error(`${emailStatusFile} has no status with x-key "${key}"`);
      return c;
    },
    keyOf: (code) => byCode.get(code),
  };
}
