import { Button, ButtonGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { memo, useCallback, useRef, useSyncExternalStore } from 'react';
import { getAt, setAt } from '../../../ui/form/pathValue';
import type { Doc } from '../../../ui/form/types';
import { widgetOptions } from '../../../ui/widgets/widgetOptions';
import { codeTitle } from './codeTitle';
import { ItemTable } from '../../../ui/widgets/ItemTable';
import { useOptionalProductEditor, type ProductEditor } from './ProductEditorContext';
import { focusField } from '../../../ui/form/focusField';
import { focusWhenDrawn } from '../../../ui/focus/focusWhenDrawn';

type Promotion = Record<string, unknown>;

/** 001 §8 / 002 §8: the removal confirmation and its cancelled notice, verbatim. */
export const REMOVE_PROMOTION = { message: 'Are you sure you want to remove promotion?', confirm: 'Yes, remove it !', cancel: 'No, cancel !' };
export const PROMOTION_NOT_REMOVED = { title: 'Cancelled', text: 'Promotion was not removed !' };

function companyName(doc: Doc | null, id: unknown): string {
  const companies = Array.isArray(doc?.companies) ? (doc!.companies as Array<Record<string, unknown>>) : [];
  const c = companies.find((x) => String(x.companyID) === String(id));
  return c ? String(c.companyName ?? id) : id == null ? '' : String(id);
}

/**
 * Where the promotions live, from the list field's path and `x-ui`: the list, the section object
 * holding it (its chosen company and product type, the open form's edit index), the form's draft
 * path (`x-ui.draft`, the promotion form block) and the action checking a saved form (`x-ui.check`).
 */
interface PromotionPaths {
  list: string;
  section: string;
  draft: string;
  check?: string;
}

const parentOf = (path: string) => path.split('.').slice(0, -1).join('.');

/** The id of the block drawn at this document path (the promotion section, its form). */
const blockAt = (editor: ProductEditor, path: string): string | undefined => editor.form.blocks.find((b) => b['x-block'].path === path)?.['x-block'].id;
const inBlock = (blockId: string | undefined, selector: string) => () => (blockId ? document.querySelector<HTMLElement>(`section[data-block="${CSS.escape(blockId)}"] ${selector}`) : null);

/**
 * Keyboard users keep their place: Add Promotion and Edit take the focus to the form's first field
 * (the button pressed is gone, or far above it); Save Promotion, Update and Cancel bring it back to
 * Add Promotion (the form and its buttons are gone), ready for the next one.
 */
const focusFormOf = (editor: ProductEditor, paths: PromotionPaths) =>
  focusWhenDrawn(inBlock(blockAt(editor, paths.draft), ':is(select, input:not([readonly]), textarea):not([disabled])'));
const focusAddOf = (editor: ProductEditor, paths: PromotionPaths) => focusWhenDrawn(inBlock(blockAt(editor, paths.section), '.portal-promotion-add button'));
const objectAt = (d: Doc, path: string) => ((path ? getAt(d, path) : d) as Record<string, unknown> | undefined) ?? {};
const setObject = (d: Doc, path: string, value: Record<string, unknown>): Doc => (path ? setAt(d, path, value) : { ...d, ...value });

function pathsOf(props: WidgetProps): PromotionPaths {
  const o = widgetOptions(props);
  const list = o.fieldModel?.path ?? props.id;
  return { list, section: parentOf(list), draft: o.draft ?? '', check: o.check };
}

/** The list whose `x-ui.draft` is the form block the actions sit in (the actions know no list by name). */
function pathsForForm(editor: ProductEditor, formPath: string): PromotionPaths | null {
  for (const b of editor.form.blocks) {
    for (const [key, field] of Object.entries(b.properties ?? {})) {
      const ui = (field as { 'x-ui'?: { draft?: string; check?: string } })['x-ui'];
      if (ui?.draft !== formPath) continue;
      const list = b['x-block'].path ? `${b['x-block'].path}.${key}` : key;
      return { list, section: parentOf(list), draft: formPath, check: ui.check };
    }
  }
  return null;
}

/**
 * The promotions table (Sr. No., Promotion Company, Product Type, edit / delete; 400 px high,
 * scrolling) and Add Promotion. The form itself is the block at the list's `x-ui.draft`, shown by
 * the engine after Add Promotion (once promotion company and product type are chosen) or a row's
 * Edit; its Save Promotion / Update / Cancel are `PromotionFormActions`, below its fields; the
 * rules of the list's `x-ui.check` action refuse a form (missing type, the 10-per-group limit).
 */
export function PromotionsWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const items: Promotion[] = Array.isArray(props.value) ? (props.value as Promotion[]) : [];
  if (!editor || props.readonly || props.disabled) return <PromotionTable items={items} editor={editor} companies={editor?.getDoc()?.companies} readMode />;
  return <PromotionEditor items={items} editor={editor} paths={pathsOf(props)} write={props.onChange} />;
}

/**
 * Memoised on the rows, the companies their names come from and stable actions: Save Promotion
 * closes the form (the editor's store) a commit before the form's store gives the widget the new
 * list, and the table would otherwise draw its old rows again in that first commit.
 */
const PromotionTable = memo(function PromotionTable({ items, editor, readMode, actions }: { items: Promotion[]; editor: ProductEditor | null; readMode?: boolean; actions?: Parameters<typeof ItemTable<Promotion>>[0]['extraActions']; companies?: unknown }) {
  const doc = editor?.getDoc() ?? null;
  const codes = editor?.codes ?? {};
  const style = readMode ? { width: 562, maxHeight: 400, overflow: 'auto' as const } : { maxHeight: 400, overflow: 'auto' as const };
  const columns = [
    { title: 'Promotion Company', cell: (p: Promotion) => companyName(doc, p.promotion_company) },
    { title: 'Product Type', cell: (p: Promotion) => codeTitle(codes, 'codes/categories', p.product_type) },
  ];
  if (readMode) columns.push({ title: 'Promotion Type', cell: (p: Promotion) => codeTitle(codes, 'codes/promotion_type', p.promotion_type) });
  return (
    <div className={`portal-promotion-table${readMode ? ' portal-promotion-table-read' : ''}`} style={style} data-testid="promotion-table">
      <ItemTable<Promotion> label="Promotions" items={items} numbered name={(p) => `promotion ${items.indexOf(p) + 1}`} columns={columns} onChange={actions ? () => {} : undefined} extraActions={actions} removable={false} />
    </div>
  );
});

/** Save Promotion / Update / Cancel of the open form (the block at `paths.draft`); `ownKey` is the actions' own field. */
function usePromotionForm(editor: ProductEditor, paths: PromotionPaths, ownKey: string) {
  const editIndex = useSyncExternalStore(editor.subscribe, () => objectAt(editor.getDoc(), paths.section).edit_index as number | undefined);
  const editing = typeof editIndex === 'number';

  const closeForm = (d: Doc): Doc => {
    const { edit_index: _dropped, adding: _closed, ...rest } = objectAt(d, paths.section);
    return setObject(d, paths.section, rest);
  };
  const resetForm = (d: Doc): Doc => setAt(closeForm(d), paths.draft, {});

  const save = () => {
    const doc = editor.getDoc();
    const section = objectAt(doc, paths.section);
    const form: Promotion = { ...objectAt(doc, paths.draft), promotion_company: section.promotion_company, product_type: section.product_type };
    const problems = paths.check ? editor.check(paths.check, setAt(doc, paths.draft, form)) : [];
    if (problems.length) {
      for (const p of problems) editor.notify(p.message, 'danger');
      // The toast says what is wrong (002 §8); the field it is about takes the focus, as after any refusal.
      focusField(document, problems[0]!.field);
      return;
    }
    const clean = Object.fromEntries(Object.entries(form).filter(([k, v]) => k !== ownKey && v !== undefined && v !== null && v !== ''));
    // One edit: the list and the closed form together, so derive rules see a single change. The closed
    // form keeps its values (editor state, never stored; Add Promotion and Edit replace them whole):
    // emptying them wrote every typed-in input back, a second render, and made Chrome's autofill
    // re-read the page's controls, all after the frame that shows the new row.
    editor.update((d) => {
      const current = getAt(d, paths.list);
      const list = Array.isArray(current) ? [...(current as Promotion[])] : [];
      if (editing) list.splice(editIndex!, 1, clean);
      else list.push(clean);
      return setAt(closeForm(d), paths.list, list);
    });
    focusAddOf(editor, paths);
  };

  const cancel = () => {
    editor.update(resetForm);
    focusAddOf(editor, paths);
  };

  return { editing, save, cancel };
}

function PromotionEditor({ items, editor, paths, write }: { items: Promotion[]; editor: ProductEditor; paths: PromotionPaths; write: (next: Promotion[]) => void }) {
  const formBlock = editor.form.blocks.find((b) => b['x-block'].path === paths.draft && paths.draft !== '')?.['x-block'].id;
  const formOpen = useSyncExternalStore(editor.subscribe, () => (formBlock ? editor.block(formBlock).visible : false));
  const chosen = useSyncExternalStore(editor.subscribe, () => {
    const p = objectAt(editor.getDoc(), paths.section);
    return p.promotion_company != null && p.promotion_company !== '' && p.product_type != null && p.product_type !== '';
  });

  const add = () => {
    editor.update((d) => {
      const p = objectAt(d, paths.section);
      return setAt(setObject(d, paths.section, { ...p, adding: true }), paths.draft, { promotion_company: p.promotion_company, product_type: p.product_type });
    });
    focusFormOf(editor, paths);
  };

  const edit = (i: number) => {
    const item = items[i]!;
    editor.update((d) =>
      setAt(setObject(d, paths.section, { ...objectAt(d, paths.section), promotion_company: item.promotion_company, product_type: item.product_type, edit_index: i }), paths.draft, { ...item }),
    );
    focusFormOf(editor, paths);
  };

  const remove = async (i: number) => {
    const ok = await editor.confirm({ message: REMOVE_PROMOTION.message, confirmText: REMOVE_PROMOTION.confirm, cancelText: REMOVE_PROMOTION.cancel, intent: 'danger' });
    if (!ok) {
      editor.notify(
        <span>
          <strong>{PROMOTION_NOT_REMOVED.title}</strong> {PROMOTION_NOT_REMOVED.text}
        </span>,
        'primary',
      );
      return;
    }
    write(items.filter((_p, j) => j !== i));
  };

  // The row buttons act through this render's edit and remove at the click: the memoised table keeps
  // one actions function while the upload state is the same.
  const latest = useRef({ edit, remove });
  latest.current = { edit, remove };
  const uploading = editor.uploading;
  const actions = useCallback(
    (_p: Promotion, i: number) => (
      <>
        <Button size="small" icon="edit" text="Edit" aria-label={`Edit promotion ${i + 1}`} onClick={() => latest.current.edit(i)} disabled={uploading} />
        <Button size="small" icon="trash" text="Delete" aria-label={`Delete promotion ${i + 1}`} onClick={() => void latest.current.remove(i)} disabled={uploading} />
      </>
    ),
    [uploading],
  );

  return (
    <div className="portal-promotions">
      <PromotionTable items={items} editor={editor} companies={editor.getDoc()?.companies} actions={actions} />
      {!formOpen && (
        <div className="portal-promotion-add">
          <Button icon="add" text="Add Promotion" onClick={add} disabled={!chosen || editor.uploading} />
          {!chosen && <span className="portal-hint">Choose a Promotion Company and a Product Type first.</span>}
        </div>
      )}
    </div>
  );
}

/** The promotion form's Save Promotion (Update while editing) and Cancel, below its fields. */
export function PromotionFormActions(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const own = widgetOptions(props).fieldModel;
  const paths = editor && own ? pathsForForm(editor, parentOf(own.path)) : null;
  if (!editor || !own || !paths) return null;
  return <PromotionFormButtons editor={editor} paths={paths} ownKey={own.key} />;
}

function PromotionFormButtons({ editor, paths, ownKey }: { editor: ProductEditor; paths: PromotionPaths; ownKey: string }) {
  const { editing, save, cancel } = usePromotionForm(editor, paths, ownKey);
  return (
    <ButtonGroup className="portal-promotion-form-actions">
      <Button intent="primary" text={editing ? 'Update' : 'Save Promotion'} onClick={save} disabled={editor.uploading} />
      <Button text="Cancel" onClick={cancel} />
    </ButtonGroup>
  );
}

/** The promotions in the summary: 562 px wide, at most 400 px high, scrolling (001 §2). */
export function ReadPromotions(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  return <PromotionTable items={Array.isArray(props.value) ? (props.value as Promotion[]) : []} editor={editor} readMode />;
}
