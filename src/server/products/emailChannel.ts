import { metadataStore } from '../metadata/metadataStore';

/** The Email channel (codes/media_channel, x-key email): the products an editor catalogues from an email. */
export function emailChannel(): number | null {
  const entries = metadataStore().current().engine.model.codeTables.get('codes/media_channel')?.entries ?? [];
  const hit = entries.find((e) => e['x-key'] === 'email');
  return hit ? Number(hit.const) : null;
}
