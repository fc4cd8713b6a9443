import { forwardEditorFile, type ForwardEditorMeta } from '../../api/forwardEditorMeta';
import { metadataStore } from '../metadata/metadataStore';

/**
 * The forward editor's policy from the metadata the server serves now (METADATA_DIR, reloaded by
 * `portal dev` and SIGHUP), read per request like the rest of the server's metadata.
 */
export function forwardPolicy(): ForwardEditorMeta {
  const policy = metadataStore().current().metadata.files[forwardEditorFile] as ForwardEditorMeta | undefined;
  if (!policy?.messages || !policy.upload) throw new Error(`The served metadata has no ${forwardEditorFile}.`);
  return policy;
}
