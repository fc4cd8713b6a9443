import type { FormModel } from '../../ui/form/formModel';
import type { ViewModelLike } from '../../ui/form/types';

export interface EditorSection {
  id: string;
  title: string;
}

/**
 * The navigator's key: top-level blocks in page order, "id:1" when shown and "id:0" when the rules
 * hide it. A string, so the navigator re-renders only when a section appears or goes.
 */
export function sectionKey(form: FormModel, vm: ViewModelLike, editorOnly: readonly string[]): string {
  return form.blocks
    .filter((b) => !editorOnly.includes(b.id))
    .map((b) => `${b.id}:${vm.blocks?.[b.id]?.visible !== false ? 1 : 0}`)
    .join(',');
}

/** The shown and the hidden sections a key describes, with their titles. */
export function sectionsOf(form: FormModel, key: string): { shown: EditorSection[]; hidden: EditorSection[] } {
  const all = key ? key.split(',').map((s) => s.split(':') as [string, string]) : [];
  const pick = (flag: string) => all.filter(([, v]) => v === flag).map(([id]) => ({ id, title: form.blocksById.get(id)?.title ?? id }));
  return { shown: pick('1'), hidden: pick('0') };
}
