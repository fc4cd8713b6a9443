import type { Metadata } from '../../engine/types';
import { metadataStore } from '../metadata/metadataStore';

/** The dashboards' file whose `messages` hold every message of the email area (000 §5, §8 and ours). */
export const emailDashboardFile = 'schemas/dashboards/emails.json';

const keys = [
  'usedCopyGlacier', 'selectEmail', 'productMissing', 'productIdEmpty', 'chooseRecord', 'invalidProductId', 'onlyCopyStatus',
  'statusLocked', 'statusNotSelectable', 'emailMissing', 'invalidPoints', 'unknownPoints', 'assigned', 'assignedSkipped',
] as const;
export type EmailMessageKey = (typeof keys)[number];

/** The messages the server answers with, from the metadata it serves now (or `metadata`). */
export function emailMessages(metadata: Metadata = metadataStore().current().metadata): Record<EmailMessageKey, string> {
  const messages = ((metadata.files[emailDashboardFile] as { messages?: Record<string, string> } | undefined)?.messages ?? {});
  // A message missing from the metadata shows its key rather than nothing (rules lint reports it).
  return Object.fromEntries(keys.map((k) => [k, messages[k] ?? k])) as Record<EmailMessageKey, string>;
}

/** The product id pattern of the dashboards' Assign Copies field (000 §5). */
export function productIdPattern(metadata: Metadata = metadataStore().current().metadata): RegExp {
  const pattern = (metadata.files[emailDashboardFile] as { productIdPattern?: string } | undefined)?.productIdPattern ?? '^[0-9 -]*$';
  return new RegExp(pattern);
}

/**
 * The points a reviewer can choose (000 §2-§3: the score list and the producer score list, the
 * Points dropdowns' options), from the metadata the server serves now.
 */
export function scoreChoices(metadata: Metadata = metadataStore().current().metadata): Set<string> {
  const lists = scoreLists(metadata);
  return new Set([...lists.default, ...lists.producer]);
}

/** The dashboard metadata's two Points lists (the score list and the producer score list). */
export function scoreLists(metadata: Metadata = metadataStore().current().metadata): { default: string[]; producer: string[] } {
  const scores = (metadata.files[emailDashboardFile] as { scores?: { default?: string[]; producer?: string[] } } | undefined)?.scores;
  return { default: scores?.default ?? [], producer: scores?.producer ?? [] };
}

export { fillMessage } from '../../shared/fillMessage';
