import type { BlockSchema, ViewModelLike } from '../../ui/form/types';
import type { RegistryEntry } from '../../ui/registry/fieldRegistry';

/**
 * Editor state fields (`x-transient`: picker drafts, the chosen-but-not-uploaded file, the upload
 * descriptor) that the page does not draw as fields: the product widgets own them. A transient
 * field with a widget registered here (e.g. the product name lookup) stays.
 */
export function editorOnlyFields(blocks: readonly BlockSchema[], entries: readonly RegistryEntry[]): string[] {
  const drawn = new Set(entries.map((e) => e.name));
  const out: string[] = [];
  for (const b of blocks) {
    const prefix = b['x-block'].path ? `${b['x-block'].path}.` : '';
    for (const [key, s] of Object.entries(b.properties ?? {})) {
      if (s['x-transient'] === true && !(s['x-ui']?.widget && drawn.has(s['x-ui'].widget))) out.push(prefix + key);
    }
  }
  return out;
}

/** The view model with those fields hidden (a presentation choice; the rules still see them). */
export function hideFields(vm: ViewModelLike, paths: readonly string[]): ViewModelLike {
  if (!paths.length) return vm;
  const fields = { ...vm.fields };
  for (const p of paths) fields[p] = { ...fields[p], visible: false };
  return { ...vm, fields };
}

/**
 * Editor-state blocks (`x-transient` on the block: dialogs, the sector and promotion editors), which
 * the summary and the read-only view leave out: `top` are drawn by their own dialogs, `child` sit
 * inside a section (the promotion form) and are hidden there.
 */
export function editorOnlyBlocks(blocks: readonly BlockSchema[]): { top: string[]; child: string[] } {
  const top: string[] = [];
  const child: string[] = [];
  for (const b of blocks) {
    if ((b as { 'x-transient'?: unknown })['x-transient'] !== true) continue;
    (b['x-block'].parent ? child : top).push(b['x-block'].id);
  }
  return { top, child };
}
