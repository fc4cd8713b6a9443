import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { widgetOptions } from '../../../ui/widgets/widgetOptions';
import { ItemTable } from '../../../ui/widgets/ItemTable';
import { useOptionalProductEditor } from './ProductEditorContext';
import type { PublicationHit } from './ProductLookups';
import { childField, RegistryField } from '../../../ui/form/RegistryField';
import { SearchBox } from '../../../ui/widgets/SearchBox';
import { showProblems } from './showProblems';

type Publication = Record<string, unknown>;

/** Publication search from 2 characters (001 §5). */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

/**
 * Publications (print) and the add publication dialog: date picker (no future dates), search,
 * clickable results, Close. 'Please select the date.' and the same-publication-and-date refusal
 * come from the `publication_add` rules.
 */
export function PublicationsWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const items: Publication[] = Array.isArray(props.value) ? (props.value as Publication[]) : [];
  const editable = !!editor && !props.readonly && !props.disabled;
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState<string | undefined>(undefined);
  const dateField = childField(widgetOptions(props).fieldModel, 'publication_date');

  const pick = async (hit: PublicationHit) => {
    if (!editor) return;
    const item: Publication = { publication_id: hit.publicationID, publication_name: hit.publicationName, publication_date: date };
    const ok = await showProblems(editor, editor.check('publication_add', { ...editor.getDoc(), publication_draft: item }), [
      'publication_draft.date_required',
      'publication_draft.not_duplicate',
    ]);
    if (!ok) return;
    editor.update((d) => ({ ...d, publications: [...(Array.isArray(d.publications) ? (d.publications as Publication[]) : []), item] }));
  };

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
        onChange={editable ? (next) => editor!.update((d) => ({ ...d, publications: next })) : undefined}
        disabled={editor?.uploading}
      />
      {editable && <Button icon="add" text="Add Publication" onClick={() => setOpen(true)} disabled={editor!.uploading} />}
      {editable && (
        <Dialog isOpen={open} onClose={() => setOpen(false)} title="Add Publication">
          <DialogBody>
            {dateField && (
              <RegistryField
                field={{ ...dateField, ui: { ...dateField.ui, maxDate: '$now' } }}
                id="publication_draft.publication_date"
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
