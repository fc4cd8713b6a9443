import { metadataStore } from '../metadata/metadataStore';

/** The codes of codes/media_channel named by these x-keys, in the table's order (unknown keys are left out). */
export function mediaChannelCodes(keys: readonly string[]): number[] {
  const entries = metadataStore().current().engine.model.codeTables.get('codes/media_channel')?.entries ?? [];
  return entries.filter((e) => typeof e['x-key'] === 'string' && keys.includes(e['x-key'])).map((e) => Number(e.const));
}
