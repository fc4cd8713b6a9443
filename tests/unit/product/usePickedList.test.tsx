// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductEditorContext, type ProductEditor, type Problem } from '../../../src/app/product/widgets/ProductEditorContext';
import { usePickedList } from '../../../src/app/product/widgets/usePickedList';
import type { FieldModel } from '../../../src/ui/form/formModel';
import type { Doc } from '../../../src/ui/form/types';
import { STUB_REGISTRY } from '../../../src/ui/form/stubRegistry';

afterEach(cleanup);

type Item = Record<string, unknown>;

/** A list field with made-up names: the hook must take every name from the path and `x-ui`. */
const field: FieldModel = { path: 'club.members', key: 'members', blockId: 'club', schema: { type: 'array' }, ui: { draft: 'member_draft', check: 'member_add' }, title: 'Members', multiple: false, index: 0 };

function Probe(p: { value: Item[]; onChange: (v: unknown) => void; item: Item; replace?: number }) {
  const list = usePickedList<Item>({
    id: field.path, name: field.key, schema: { type: 'array' }, registry: STUB_REGISTRY, label: field.title,
    value: p.value, options: { ...field.ui, fieldModel: field } as unknown as WidgetProps['options'], onChange: p.onChange, onBlur: () => {}, onFocus: () => {},
  });
  return <button onClick={() => void list.add(p.item, p.replace)}>add</button>;
}

function fakeEditor(doc: Doc, problems: Problem[], alertRules: string[] = []) {
  const calls = { check: [] as Array<[string, Doc | undefined]>, alert: [] as string[], notify: [] as Array<[unknown, unknown]> };
  const editor = {
    getDoc: () => doc,
    check: (action: string, d?: Doc) => (calls.check.push([action, d]), problems),
    refusal: (rule: string) => (alertRules.includes(rule) ? 'alert' : 'toast'),
    alert: async (m: string) => void calls.alert.push(m),
    notify: (m: unknown, intent: unknown) => void calls.notify.push([m, intent]),
  } as unknown as ProductEditor;
  return { editor, calls };
}

function renderProbe(editor: ProductEditor, value: Item[], item: Item, replace?: number) {
  const onChange = vi.fn();
  render(
    <ProductEditorContext.Provider value={editor}>
      <Probe value={value} onChange={onChange} item={item} replace={replace} />
    </ProductEditorContext.Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'add' }));
  return onChange;
}

// Issue 16: a picked list reads and writes its own field; its draft and check come from `x-ui`.
describe('usePickedList', () => {
  const members = [{ n: 1 }, { n: 2 }];
  const doc: Doc = { club: { members, city: 'X' }, other: true };

  it('checks the item at x-ui.draft with the x-ui.check action, then writes the list through onChange', async () => {
    const { editor, calls } = fakeEditor(doc, []);
    const onChange = renderProbe(editor, members, { n: 3 });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([{ n: 1 }, { n: 2 }, { n: 3 }]));
    expect(calls.check).toEqual([['member_add', { club: { members, city: 'X' }, other: true, member_draft: { n: 3 } }]]);
  });

  it('replacing an item checks against the list without it', async () => {
    const { editor, calls } = fakeEditor(doc, []);
    const onChange = renderProbe(editor, members, { n: 9 }, 0);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([{ n: 9 }, { n: 2 }]));
    expect((calls.check[0]![1] as { club: { members: Item[] } }).club.members).toEqual([{ n: 2 }]);
  });

  it('a refusal writes nothing and is shown as its rule says: x-refusal alert, else a danger toast', async () => {
    const problems = [
      { rule: 'member_draft.dupe', field: 'member_draft', message: 'Already a member' },
      { rule: 'member_draft.full', field: 'member_draft', message: 'The club is full' },
    ];
    const { editor, calls } = fakeEditor(doc, problems, ['member_draft.dupe']);
    const onChange = renderProbe(editor, members, { n: 1 });
    await waitFor(() => expect(calls.notify).toEqual([['The club is full', 'danger']]));
    expect(calls.alert).toEqual(['Already a member']);
    expect(onChange).not.toHaveBeenCalled();
  });
});
