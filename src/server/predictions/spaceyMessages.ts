import type { Metadata } from '../../engine/types';
import { metadataText, type TextValues } from '../../shared/metadataText';
import { metadataStore } from '../metadata/metadataStore';

/** The predictions dashboard's file: its columns, sorts and messages. */
export const spaceyDashboardFile = 'schemas/dashboards/spacey.json';

/** The messages of spacey.json the server answers with (a unit test checks each is in the file). */
export const spaceyMessageKeys = [
  'noModel', 'rejected', 'draftCreated', 'productUpdated', 'productUpdatedWith', 'chainNow', 'chainNowWas', 'mailingTypeNow', 'firstCompany',
] as const;
export type SpaceyMessageKey = (typeof spaceyMessageKeys)[number];

/** A message of the predictions dashboard, its {placeholders} filled, from the metadata the server runs now (its key when missing). */
export function spaceyMessage(key: SpaceyMessageKey, values: TextValues = {}, metadata: Metadata = metadataStore().current().metadata): string {
  return metadataText(metadata.files, spaceyDashboardFile, key, values);
}
