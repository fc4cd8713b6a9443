import { Button, ButtonGroup, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';
import { widgetOptions } from '../../../ui/widgets/widgetOptions';
import { codeTitle } from './codeTitle';
import { focusWhenDrawn } from '../../../ui/focus/focusWhenDrawn';
import { useOptionalProductEditor, type ProductEditor } from './ProductEditorContext';
import { usePickedList, type PickedList } from './usePickedList';
import type { PanelistHit } from './ProductLookups';
import { childField, RegistryField } from '../../../ui/form/RegistryField';
import { SearchBox } from '../../../ui/widgets/SearchBox';
import { formatUsDate } from '../../../ui/widgets/formatUsDate';

type Panelist = Record<string, unknown>;

/** Panelist search: more than 1 character, 300 ms debounce (001 §5, §9). */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

const fullName = (p: Panelist) => [p.first_name, p.last_name].filter(Boolean).join(' ') || String(p.name ?? '');
/** Age shown as a decade bucket (001 §3). */
const ageBucket = (age: unknown) => (typeof age === 'number' ? Math.floor(age / 10) : age);

/**
 * The panelist list with add, edit and remove, and the picker: choose the date, then search and
 * pick. The rules of the field's `x-ui.check` action decide (missing date, a panelist already
 * selected, the state-specific refusal); adding runs the panelist derive rules via `$prev`.
 */
export function PanelistsWidget(props: WidgetProps) {
  const list = usePickedList<Panelist>(props);
  return (
    <div className="portal-panelists" id={props.id}>
      {list.editable && list.editor ? <PanelistPicker editor={list.editor} list={list} props={props} /> : <PanelistTable items={list.items} editor={list.editor} />}
    </div>
  );
}

function PanelistTable({ items, editor, actions }: { items: Panelist[]; editor: ProductEditor | null; actions?: (i: number, p: Panelist) => ReactNode }) {
  if (!items.length) return <p className="portal-empty">No panelists</p>;
  const codes = editor?.codes ?? {};
  return (
    <HTMLTable compact striped aria-label="Panelists">
      <thead>
        <tr>
          <th>Date</th>
          <th>Name</th>
          <th>Panelist ID</th>
          <th>Invitation ID</th>
          <th>Tracking ID</th>
          <th>State</th>
          <th>Age</th>
          <th>Gender</th>
          {actions && <th>Actions</th>}
        </tr>
      </thead>
      <tbody>
        {items.map((p, i) => (
          <tr key={`${String(p.panelist_id)}-${i}`}>
            <td>{formatUsDate(p.pp_date)}</td>
            <td>{fullName(p)}</td>
            <td>{String(p.panelist_id ?? '')}</td>
            <td>{String(p.invitation_id ?? '')}</td>
            <td>{String(p.tracking_id ?? '')}</td>
            <td>{codeTitle(codes, 'codes/state', p.stateID)}</td>
            <td>{codeTitle(codes, 'codes/age', ageBucket(p.age))}</td>
            <td>{codeTitle(codes, 'codes/gender', p.gender)}</td>
            {actions && <td>{actions(i, p)}</td>}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function PanelistPicker({ editor, list, props }: { editor: ProductEditor; list: PickedList<Panelist>; props: WidgetProps }) {
  const { items } = list;
  const o = widgetOptions(props);
  const draftId = (key: string) => `${o.draft ?? props.id}.${key}`;
  const dateField = childField(o.fieldModel, 'pp_date');
  const [date, setDate] = useState<string | undefined>(undefined);
  const [invitation, setInvitation] = useState('');
  const [tracking, setTracking] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const reset = () => {
    setEditing(null);
    setInvitation('');
    setTracking('');
  };

  const add = async (hit: Panelist) => {
    const item: Panelist = {
      ...pickPanelist(hit as unknown as Record<string, unknown>),
      pp_date: date,
      invitation_id: invitation ? Number(invitation) : undefined,
      tracking_id: tracking || undefined,
    };
    // The check sees the draft as entered; the list keeps only the values given.
    const clean = Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined && v !== ''));
    if (!(await list.add(item, editing ?? undefined, clean))) return;
    reset();
  };

  const remove = (i: number) => {
    list.write(items.filter((_p, j) => j !== i));
    if (editing === i) reset();
  };

  // Edit takes the focus to the form the row is loaded into, Update and Cancel (their buttons go) back to
  // the search: a keyboard user is where the next step is, not on the row's pencil or the page.
  const focusDraft = () => focusWhenDrawn(() => document.getElementById(dateField ? draftId(dateField.key) : draftId('invitation_id')));
  const focusSearch = () => focusWhenDrawn(() => document.getElementById('panelist-search'));

  const edit = (i: number) => {
    const p = items[i]!;
    focusDraft();
    setEditing(i);
    setDate(typeof p.pp_date === 'string' ? p.pp_date : undefined);
    setInvitation(p.invitation_id == null ? '' : String(p.invitation_id));
    setTracking(p.tracking_id == null ? '' : String(p.tracking_id));
  };

  return (
    <div className="portal-panelist-picker">
      <PanelistTable
        items={items}
        editor={editor}
        actions={(i, p) => (
          <ButtonGroup variant="minimal">
            <Button size="small" icon="edit" aria-label={`Edit panelist ${fullName(p) || String(p.panelist_id)}`} onClick={() => edit(i)} />
            <Button size="small" icon="trash" aria-label={`Remove panelist ${fullName(p) || String(p.panelist_id)}`} onClick={() => remove(i)} />
          </ButtonGroup>
        )}
      />
      <fieldset className="portal-field-group">
        <legend>{editing === null ? 'Add Panelist' : 'Edit Panelist'}</legend>
        {dateField && <RegistryField field={{ ...dateField, ui: { ...dateField.ui, maxDate: '$now' } }} id={draftId(dateField.key)} value={date} onChange={(v) => setDate(v as string | undefined)} />}
        <FormGroup label="Invitation ID" labelFor={draftId('invitation_id')}>
          <InputGroup id={draftId('invitation_id')} value={invitation} onChange={(e) => setInvitation(e.target.value.replace(/\D/g, ''))} />
        </FormGroup>
        <FormGroup label="Tracking ID (last 4 digits)" labelFor={draftId('tracking_id')}>
          <InputGroup id={draftId('tracking_id')} value={tracking} maxLength={4} onChange={(e) => setTracking(e.target.value)} />
        </FormGroup>
        {editing === null ? (
          <SearchBox<PanelistHit>
            id="panelist-search"
            placeholder="Search panelist"
            minChars={MIN_CHARS}
            debounceMs={DEBOUNCE_MS}
            search={editor.lookups.panelists}
            label={(h) => `${fullName(h as unknown as Panelist)} (${h.panelist_id})${h.age != null ? `, age ${Math.floor(Number(h.age) / 10) * 10}s` : ''}`}
            onPick={(h) => void add(h as unknown as Panelist)}
            disabled={editor.uploading}
          />
        ) : (
          <ButtonGroup>
            <Button intent="primary" text="Update Panelist" onClick={() => void add(items[editing]!).then(focusSearch)} />
            <Button
              text="Cancel"
              onClick={() => {
                reset();
                focusSearch();
              }}
            />
          </ButtonGroup>
        )}
      </fieldset>
    </div>
  );
}

const PANELIST_KEYS = ['panelist_id', 'competi_id', 'age', 'gender', 'incomeID', 'stateID', 'first_name', 'last_name'];

function pickPanelist(hit: Record<string, unknown>): Panelist {
  return Object.fromEntries(PANELIST_KEYS.filter((k) => hit[k] !== undefined && hit[k] !== null).map((k) => [k, hit[k]]));
}

/** The read-only summary of panelists. */
export function ReadPanelists(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const items: Panelist[] = Array.isArray(props.value) ? (props.value as Panelist[]) : [];
  return <PanelistTable items={items} editor={editor} />;
}
