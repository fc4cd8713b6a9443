import { metadataText, type TextValues } from './metadataText';

/**
 * The rule file whose `x-messages` word a save refused over a later change (docs/decisions/two-editors-on-one-product.md):
 * the server's answer and the editor's question, buttons and notice after loading, so an analyst rewords them there.
 */
export const lostUpdateFile = 'rules/product/validation-save.json';

/** Every key the server and the editor use (a unit test checks each is in the file). */
export const lostUpdateKeys = ['lostUpdate', 'lostUpdateOwn', 'lostUpdateQuestion', 'lostUpdateLoad', 'lostUpdateKeep', 'lostUpdateLoaded'] as const;
export type LostUpdateKey = (typeof lostUpdateKeys)[number];

/** One of those texts from the served metadata files, its {placeholders} filled. */
export const lostUpdateText = (files: Readonly<Record<string, unknown>>, key: LostUpdateKey, values?: TextValues): string => metadataText(files, lostUpdateFile, key, values);
