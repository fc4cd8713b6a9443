import { Button, ButtonGroup, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';
import type { Doc } from '../../../ui/form/types';
import { widgetOptions } from '../../../ui/widgets/widgetOptions';
import { codeTitle } from './codeTitle';
import { useOptionalProductEditor, type ProductEditor } from './ProductEditorContext';
import type { PanelistHit } from './ProductLookups';
import { childField, RegistryField } from '../../../ui/form/RegistryField';
import { SearchBox } from '../../../ui/widgets/SearchBox';
import { showProblems } from './showProblems';

type Panelist = Record<string, unknown>;

/** Panelist search: more than 1 character, 300 ms debounce (001 §5, §9). */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

const fullName = (p: Panelist) => [p.first_name, p.last_name].filter(Boolean).join(' ') || String(p.name ?? '');
/** Age shown as a decade bucket (001 §3). */
const ageBucket = (age: unknown) => (typeof age === 'number' ? Math.floor(age / 10) : age);

/**
 * The panelist list with add, edit and remove, and the picker: choose the date, then search and
 * pick. The engine's `panelist_add` checks decide ('Please choose date.', 'Panelist already
 * selected!', the state-specific refusal); adding runs the panelist derive rules via `$prev`.
 */
export function PanelistsWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const items: Panelist[] = Array.isArray(props.value) ? (props.value as Panelist[]) : [];
  const editable = !props.readonly && !props.disabled;
  return (
    <div className="portal-panelists" id={props.id}>
      {editable && editor ? <PanelistPicker editor={editor} items={items} props={props} /> : <PanelistTable items={items} editor={editor} />}
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
            <td>{String(p.pp_date ?? '')}</td>
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

function PanelistPicker({ editor, items, props }: { editor: ProductEditor; items: Panelist[]; props: WidgetProps }) {
  const field = widgetOptions(props).fieldModel;
  const dateField = childField(field, 'pp_date');
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
    const doc = editor.getDoc();
    const others = editing === null ? items : items.filter((_p, i) => i !== editing);
    const probe: Doc = { ...doc, panelists: others, panelist_draft: item };
    const ok = await showProblems(editor, editor.check('panelist_add', probe), ['panelist_draft.date_required']);
    if (!ok) return;
    const clean = Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined && v !== ''));
    editor.update((d) => {
      const list = Array.isArray(d.panelists) ? [...(d.panelists as Panelist[])] : [];
      if (editing === null) list.push(clean);
      else list.splice(editing, 1, clean);
      return { ...d, panelists: list };
    });
    reset();
  };

  const remove = (i: number) => {
    editor.update((d) => ({ ...d, panelists: (d.panelists as Panelist[]).filter((_p, j) => j !== i) }));
    if (editing === i) reset();
  };

  const edit = (i: number) => {
    const p = items[i]!;
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
        {dateField && <RegistryField field={{ ...dateField, ui: { ...dateField.ui, maxDate: '$now' } }} id="panelist_draft.pp_date" value={date} onChange={(v) => setDate(v as string | undefined)} />}
        <FormGroup label="Invitation ID" labelFor="panelist_draft.invitation_id">
          <InputGroup id="panelist_draft.invitation_id" value={invitation} onChange={(e) => setInvitation(e.target.value.replace(/\D/g, ''))} />
        </FormGroup>
        <FormGroup label="Tracking ID (last 4 digits)" labelFor="panelist_draft.tracking_id">
          <InputGroup id="panelist_draft.tracking_id" value={tracking} maxLength={4} onChange={(e) => setTracking(e.target.value)} />
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
            <Button intent="primary" text="Update Panelist" onClick={() => void add(items[editing]!)} />
            <Button text="Cancel" onClick={reset} />
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
