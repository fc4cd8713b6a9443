import type { Metadata } from '../../engine/types';
import { metadataStore } from '../metadata/metadataStore';

/** The predictions dashboard's file: its columns, sorts and messages. */
export const spaceyDashboardFile = 'schemas/dashboards/spacey.json';

export type SpaceyMessageKey = 'noModel' | 'rejected';

/** A message of the predictions dashboard, from the metadata the server runs now (its key when missing). */
export function spaceyMessage(key: SpaceyMessageKey, metadata: Metadata = metadataStore().current().metadata): string {
  const messages = (metadata.files[spaceyDashboardFile] as { messages?: Record<string, string> } | undefined)?.messages ?? {};
  return messages[key] ?? key;
}
