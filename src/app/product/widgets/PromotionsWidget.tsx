import { Button, ButtonGroup } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useSyncExternalStore } from 'react';
import type { Doc } from '../../../ui/form/types';
import { codeTitle } from './codeTitle';
import { ItemTable } from '../../../ui/widgets/ItemTable';
import { useOptionalProductEditor, type ProductEditor } from './ProductEditorContext';

type Promotion = Record<string, unknown>;

/** 001 §8 / 002 §8: the removal confirmation and its cancelled notice, verbatim. */
export const REMOVE_PROMOTION = { message: 'Are you sure you want to remove promotion?', confirm: 'Yes, remove it !', cancel: 'No, cancel !' };
export const PROMOTION_NOT_REMOVED = { title: 'Cancelled', text: 'Promotion was not removed !' };

const FORM_BLOCK = 'promotion_form';

function companyName(doc: Doc | null, id: unknown): string {
  const companies = Array.isArray(doc?.companies) ? (doc!.companies as Array<Record<string, unknown>>) : [];
  const c = companies.find((x) => String(x.companyID) === String(id));
  return c ? String(c.companyName ?? id) : id == null ? '' : String(id);
}

const promotionOf = (d: Doc) => (d.promotion as Record<string, unknown> | undefined) ?? {};

/**
 * The promotions table (Sr. No., Promotion Company, Product Type, edit / delete; 400 px high,
 * scrolling) and Add Promotion. The form itself is the `promotion_form` block, shown by the engine
 * after Add Promotion (once promotion company and product type are chosen) or a row's Edit; its
 * Save Promotion / Update / Cancel are `PromotionFormActions`, below its fields;
 * 'Please select promotion type!' and the 10-per-group limit are the `promotion_save` rules.
 */
export function PromotionsWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const items: Promotion[] = Array.isArray(props.value) ? (props.value as Promotion[]) : [];
  if (!editor || props.readonly || props.disabled) return <PromotionTable items={items} editor={editor} readMode />;
  return <PromotionEditor items={items} editor={editor} />;
}

function PromotionTable({ items, editor, readMode, actions }: { items: Promotion[]; editor: ProductEditor | null; readMode?: boolean; actions?: Parameters<typeof ItemTable<Promotion>>[0]['extraActions'] }) {
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
}

/** Save Promotion / Update / Cancel of the open form; the form is the `promotion_form` block. */
function usePromotionForm(editor: ProductEditor) {
  const editIndex = useSyncExternalStore(editor.subscribe, () => promotionOf(editor.getDoc()).edit_index as number | undefined);
  const editing = typeof editIndex === 'number';

  const resetForm = (d: Doc): Doc => {
    const { edit_index: _dropped, adding: _closed, ...rest } = promotionOf(d);
    return { ...d, promotion: { ...rest, form: {} } };
  };

  const save = () => {
    const doc = editor.getDoc();
    const promo = promotionOf(doc);
    const form: Promotion = { ...((promo.form as Promotion) ?? {}), promotion_company: promo.promotion_company, product_type: promo.product_type };
    const probe: Doc = { ...doc, promotion: { ...promo, form } };
    const problems = editor.check('promotion_save', probe);
    if (problems.length) {
      for (const p of problems) editor.notify(p.message, 'danger');
      return;
    }
    const clean = Object.fromEntries(Object.entries(form).filter(([k, v]) => k !== 'form_actions' && v !== undefined && v !== null && v !== ''));
    editor.update((d) => {
      const list = [...((promotionOf(d).promotions as Promotion[]) ?? [])];
      if (editing) list.splice(editIndex!, 1, clean);
      else list.push(clean);
      const next = resetForm(d);
      return { ...next, promotion: { ...promotionOf(next), promotions: list } };
    });
  };

  return { editing, save, cancel: () => editor.update(resetForm) };
}

function PromotionEditor({ items, editor }: { items: Promotion[]; editor: ProductEditor }) {
  const formOpen = useSyncExternalStore(editor.subscribe, () => editor.block(FORM_BLOCK).visible);
  const chosen = useSyncExternalStore(editor.subscribe, () => {
    const p = promotionOf(editor.getDoc());
    return p.promotion_company != null && p.promotion_company !== '' && p.product_type != null && p.product_type !== '';
  });

  const add = () =>
    editor.update((d) => {
      const p = promotionOf(d);
      return { ...d, promotion: { ...p, adding: true, form: { promotion_company: p.promotion_company, product_type: p.product_type } } };
    });

  const edit = (i: number) => {
    const item = items[i]!;
    editor.update((d) => ({
      ...d,
      promotion: { ...promotionOf(d), promotion_company: item.promotion_company, product_type: item.product_type, form: { ...item }, edit_index: i },
    }));
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
    editor.update((d) => ({ ...d, promotion: { ...promotionOf(d), promotions: ((promotionOf(d).promotions as Promotion[]) ?? []).filter((_p, j) => j !== i) } }));
  };

  return (
    <div className="portal-promotions">
      <PromotionTable
        items={items}
        editor={editor}
        actions={(_p, i) => (
          <>
            <Button size="small" icon="edit" text="Edit" aria-label={`Edit promotion ${i + 1}`} onClick={() => edit(i)} disabled={editor.uploading} />
            <Button size="small" icon="trash" text="Delete" aria-label={`Delete promotion ${i + 1}`} onClick={() => void remove(i)} disabled={editor.uploading} />
          </>
        )}
      />
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
export function PromotionFormActions() {
  const editor = useOptionalProductEditor();
  if (!editor) return null;
  return <PromotionFormButtons editor={editor} />;
}

function PromotionFormButtons({ editor }: { editor: ProductEditor }) {
  const { editing, save, cancel } = usePromotionForm(editor);
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
