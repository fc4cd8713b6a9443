import type { WidgetProps } from '@rjsf/utils';
import { ItemTable } from '../../../ui/widgets/ItemTable';
import type { AffinityHit } from './ProductLookups';
import { SearchBox } from '../../../ui/widgets/SearchBox';
import { usePickedList } from './usePickedList';

type Affinity = Record<string, unknown>;

/** Affinity search: 2 or more characters (001 §5). */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

/** Affinity/Association with add (search) and remove; the field's `x-ui.check` rules refuse duplicates. */
export function AffinityWidget(props: WidgetProps) {
  const { editor, items, editable, write, add } = usePickedList<Affinity>(props);

  const pick = (hit: AffinityHit) => add({ affinityID: hit.affinityID, affinityName: hit.affinityName, AffinityCategoryName: hit.AffinityCategoryName });

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
        onChange={editable ? write : undefined}
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
