import type { WidgetProps } from '@rjsf/utils';
import { ItemTable } from '../../../ui/widgets/ItemTable';
import { useOptionalProductEditor } from './ProductEditorContext';
import type { AffinityHit } from './ProductLookups';
import { SearchBox } from '../../../ui/widgets/SearchBox';
import { showProblems } from './showProblems';

type Affinity = Record<string, unknown>;

/** Affinity search: 2 or more characters (001 §5). */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

/** Affinity/Association with add (search) and remove; duplicates refused by the `affinity_add` rule. */
export function AffinityWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const items: Affinity[] = Array.isArray(props.value) ? (props.value as Affinity[]) : [];
  const editable = !!editor && !props.readonly && !props.disabled;

  const pick = async (hit: AffinityHit) => {
    if (!editor) return;
    const item: Affinity = { affinityID: hit.affinityID, affinityName: hit.affinityName, AffinityCategoryName: hit.AffinityCategoryName };
    const ok = await showProblems(editor, editor.check('affinity_add', { ...editor.getDoc(), affinity_draft: item }), ['affinity_draft.not_duplicate']);
    if (!ok) return;
    editor.update((d) => ({ ...d, affinity: [...(Array.isArray(d.affinity) ? (d.affinity as Affinity[]) : []), item] }));
  };

  return (
    <div className="portal-affinity" id={props.id}>
      <ItemTable<Affinity>
        label="Affinities"
        items={items}
        name={(a) => String(a.affinityName ?? a.affinityID)}
        columns={[
          { title: 'Affinity', cell: (a) => String(a.affinityName ?? '') },
          { title: 'Category', cell: (a) => String(a.AffinityCategoryName ?? '') },
        ]}
        onChange={editable ? (next) => editor!.update((d) => ({ ...d, affinity: next })) : undefined}
        disabled={editor?.uploading}
      />
      {editable && (
        <SearchBox<AffinityHit>
          id="affinity-search"
          placeholder="Add Affinity/Association"
          minChars={MIN_CHARS}
          debounceMs={DEBOUNCE_MS}
          search={editor!.lookups.affinities}
          label={(h) => (h.AffinityCategoryName ? `${h.affinityName} (${h.AffinityCategoryName})` : h.affinityName)}
          onPick={(h) => void pick(h)}
          disabled={editor!.uploading}
        />
      )}
    </div>
  );
}
