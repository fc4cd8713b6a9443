import { Button, ButtonGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { memo, useRef, useState, type RefObject } from 'react';
import { getAt, setAt } from '../../../ui/form/pathValue';
import type { CodeTables, Doc } from '../../../ui/form/types';
import { widgetOptions } from '../../../ui/widgets/widgetOptions';
import { EditorBlocks } from './EditorBlocks';
import { ItemTable } from '../../../ui/widgets/ItemTable';
import { focusWhenDrawn } from '../../../ui/focus/focusWhenDrawn';
import { sectorChainText } from '../../../shared/sectorChainText';
import { useOptionalProductEditor, type ProductEditor } from './ProductEditorContext';

export interface SectorLevel {
  id: number;
  name: string;
  sequence: number;
  sectorWorksiteVoluntary: number;
}
type Chain = SectorLevel[];

/** Where the user's allowed sectors are loaded (the draft of schemas/product/sections/sector_editor.json). */
const ALLOWED_DRAFT = 'sector_draft';
const LEVEL_KEYS = ['sector', 'category', 'sub_category', 'sub_sub_category'] as const;
/** Sector-error toasts clear after 2.5 s (001 §9). */
const SECTOR_TOAST_MS = 2500;

/** The chain as the list, its Edit button and the accept-prediction answer word it. */
const chainText = (c: Chain) => sectorChainText(c);

/** A chain from the draft's chosen levels, names from the code tables (level 1 sectors, then categories). */
export function chainFromDraft(draft: Record<string, unknown> | undefined, codes: CodeTables): Chain {
  const chain: Chain = [];
  for (const [i, key] of LEVEL_KEYS.entries()) {
    const id = draft?.[key];
    if (id === undefined || id === null || id === '') break;
    const table = codes[i === 0 ? 'codes/sectors' : 'codes/categories'];
    const entry = table?.oneOf.find((e) => String(e.const) === String(id));
    chain.push({
      id: Number(id),
      name: entry?.title ?? String(id),
      sequence: i + 1,
      sectorWorksiteVoluntary: entry?.['x-worksite-voluntary'] === 1 || entry?.['x-worksite-voluntary'] === true ? 1 : 0,
    });
  }
  return chain;
}

function draftFromChain(chain: Chain, allowed: unknown): Record<string, unknown> {
  const draft: Record<string, unknown> = {};
  chain.forEach((l, i) => {
    if (LEVEL_KEYS[i]) draft[LEVEL_KEYS[i]] = l.id;
  });
  if (allowed !== undefined) draft.allowed_sectors = allowed;
  return draft;
}

/**
 * Sector/Category/Sub Category/Sub-sub category combinations (2 to 4 levels) with Add, Update,
 * Edit, Remove, Up, Down. The level dropdowns are the editor block at the field's `x-ui.draft`
 * path (options from the engine's filters: allowed sectors, children of the level above); the
 * rules of its `x-ui.check` action refuse. The list is read and written at the field's own path.
 */
export function SectorChainsWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const o = widgetOptions(props);
  const path = o.fieldModel?.path ?? props.id;
  const draft = o.draft ?? '';
  const chains: Chain[] = Array.isArray(props.value) ? (props.value as Chain[]) : [];
  const editable = !!editor && !props.readonly && !props.disabled;
  const [editing, setEditing] = useState<number | null>(null);
  // The rows' memoised Edit buttons call the latest edit (the current list) at the click.
  const editRef = useRef<(i: number) => void>(() => {});
  const addButton = useRef<HTMLButtonElement>(null);

  if (!editable || !editor) return <ReadChains chains={chains} />;
  const editorBlock = draft ? editor.form.blocks.find((b) => b['x-block'].path === draft)?.['x-block'].id : undefined;

  const draftOf = (d: Doc) => (draft ? (getAt(d, draft) as Record<string, unknown> | undefined) : undefined) ?? {};
  // Without an `x-ui.draft` there is no draft to write (setAt at "" would replace the document).
  const withDraft = (d: Doc, value: Record<string, unknown>) => (draft ? setAt(d, draft, value) : d);
  const setList = (next: Chain[]) => props.onChange(next);

  const add = () => {
    const doc = editor.getDoc();
    // Edit is remove then re-add at the same index (001 §4): check against the list without it.
    const others = editing === null ? chains : chains.filter((_c, i) => i !== editing);
    const probe: Doc = setAt(doc, path, others);
    const problems = o.check ? editor.check(o.check, probe) : [];
    if (problems.length) {
      for (const p of problems) editor.notify(p.message, 'danger', SECTOR_TOAST_MS);
      return;
    }
    const chain = chainFromDraft(draftOf(doc), editor.codes);
    const next = [...others];
    next.splice(editing ?? next.length, 0, chain);
    // One edit: the list and the emptied draft together, so derive rules see a single change.
    editor.update((d) => withDraft(setAt(d, path, next), { allowed_sectors: draftOf(d).allowed_sectors }));
    setEditing(null);
  };

  const remove = async (i: number) => {
    if (chains.length === 1 && editing === null) {
      const ok = await editor.confirm({
        message: 'Remove the last sector combination? The fields that depend on it will be cleared.',
        confirmText: 'Remove',
        cancelText: 'Cancel',
        intent: 'danger',
      });
      if (!ok) return;
    }
    setList(chains.filter((_c, j) => j !== i));
    if (editing === i) setEditing(null);
  };

  // Edit takes the focus to the Sector dropdown the chain is loaded into (below every row); Cancel, whose
  // button goes, gives it to Add: a keyboard user is where the next step is, not on the page.
  const edit = (i: number) => {
    setEditing(i);
    editor.update((d) => withDraft(d, draftFromChain(chains[i]!, draftOf(d).allowed_sectors)));
    if (draft) focusWhenDrawn(() => document.getElementById(`${draft}.${LEVEL_KEYS[0]}`));
  };

  editRef.current = edit;

  const cancel = () => {
    setEditing(null);
    editor.update((d) => withDraft(d, { allowed_sectors: draftOf(d).allowed_sectors }));
    focusWhenDrawn(() => addButton.current);
  };

  return (
    <div className="portal-sector-chains" id={props.id}>
      <ItemTable<Chain>
        label="Sector combinations"
        items={chains}
        name={chainText}
        columns={[{ title: 'Sector / Category / Sub Category / Sub-sub category', cell: (c, i) => (editing === i ? <em>{chainText(c)} (editing)</em> : chainText(c)) }]}
        reorder
        onChange={setList}
        onRemove={(i) => void remove(i)}
        extraActions={(c, i) => <EditButton name={chainText(c)} index={i} disabled={editor.uploading} edit={editRef} />}
        disabled={editor.uploading}
      />
      <div className="portal-sector-editor">
        {editorBlock && <EditorBlocks include={[editorBlock]} hideFields={[`${draft}.allowed_sectors`]} />}
        <ButtonGroup>
          <Button ref={addButton} intent="primary" icon={editing === null ? 'add' : 'tick'} text={editing === null ? 'Add' : 'Update'} onClick={add} disabled={editor.uploading} />
          {editing !== null && <Button text="Cancel" onClick={cancel} />}
        </ButtonGroup>
      </div>
    </div>
  );
}

/** A row's Edit, drawn again only when what it shows changes (adding a chain redrew every row's). */
const EditButton = memo(function EditButton({ name, index, disabled, edit }: { name: string; index: number; disabled: boolean; edit: RefObject<(i: number) => void> }) {
  return <Button size="small" icon="edit" text="Edit" aria-label={`Edit ${name}`} onClick={() => edit.current(index)} disabled={disabled} />;
});

function ReadChains({ chains }: { chains: Chain[] }) {
  if (!chains.length) return <span className="portal-read-value" />;
  return (
    <ol className="portal-read-chains">
      {chains.map((c, i) => (
        <li key={i}>{chainText(c)}</li>
      ))}
    </ol>
  );
}

export function ReadSectorChains(props: WidgetProps) {
  return <ReadChains chains={Array.isArray(props.value) ? (props.value as Chain[]) : []} />;
}

/** Writes the user's allowed sectors into the draft once (reference data for the sector options rule). */
export async function loadAllowedSectors(editor: ProductEditor): Promise<void> {
  const allowed = await editor.lookups.allowedSectors();
  editor.update((d) => ({ ...d, [ALLOWED_DRAFT]: { ...((d[ALLOWED_DRAFT] as Record<string, unknown>) ?? {}), allowed_sectors: allowed } }));
}
