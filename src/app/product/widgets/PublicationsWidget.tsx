import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog/Dialog';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { widgetOptions } from '../../../ui/widgets/widgetOptions';
import { ItemTable } from '../../../ui/widgets/ItemTable';
import type { PublicationHit } from './ProductLookups';
import { childField, RegistryField } from '../../../ui/form/RegistryField';
import { SearchBox } from '../../../ui/widgets/SearchBox';
import { usePickedList } from './usePickedList';

type Publication = Record<string, unknown>;

/** Publication search from 2 characters (001 §5). */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

/**
 * Publications (print) and the add publication dialog: date picker (no future dates), search,
 * clickable results, Close. The missing-date and same-publication-and-date refusals come from the
 * rules of the field's `x-ui.check` action.
 */
export function PublicationsWidget(props: WidgetProps) {
  const { editor, items, editable, write, add } = usePickedList<Publication>(props);
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState<string | undefined>(undefined);
  const o = widgetOptions(props);
  const dateField = childField(o.fieldModel, 'publication_date');

  const pick = (hit: PublicationHit) => add({ publication_id: hit.publicationID, publication_name: hit.publicationName, publication_date: date });

  return (
    <div className="portal-publications" id={props.id}>
      <ItemTable<Publication>
        label="Publications"
        items={items}
        name={(p) => String(p.publication_name ?? p.publication_id)}
        columns={[
          { title: 'Publication', cell: (p) => String(p.publication_name ?? '') },
          { title: 'Date', cell: (p) => String(p.publication_date ?? '') },
        ]}
        onChange={editable ? write : undefined}
        disabled={editor?.uploading}
      />
      {editable && <Button icon="add" text="Add Publication" onClick={() => setOpen(true)} disabled={editor!.uploading} />}
      {editable && (
        <Dialog isOpen={open} onClose={() => setOpen(false)} title="Add Publication">
          <DialogBody>
            {dateField && (
              <RegistryField
                field={{ ...dateField, ui: { ...dateField.ui, maxDate: '$now' } }}
                id={`${o.draft ?? props.id}.${dateField.key}`}
                value={date}
                onChange={(v) => setDate(v as string | undefined)}
              />
            )}
            <SearchBox<PublicationHit>
              id="publication-search"
              placeholder="Search publication"
              minChars={MIN_CHARS}
              debounceMs={DEBOUNCE_MS}
              search={editor!.lookups.publications}
              label={(h) => h.publicationName}
              onPick={(h) => void pick(h)}
            />
          </DialogBody>
          <DialogFooter actions={<Button text="Close" onClick={() => setOpen(false)} />} />
        </Dialog>
      )}
    </div>
  );
}
