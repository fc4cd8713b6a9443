// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Profiler, useState, useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOCKS_DRAWN_EVENT } from '../../../src/ui/form/blocksDrawnEvent';
import { MetadataForm, type FormSource } from '../../../src/ui/form/MetadataForm';
import type { BlockSchema, Doc, ViewModelLike } from '../../../src/ui/form/types';
import { MetadataSummary } from '../../../src/ui/summary/MetadataSummary';
import type { RegistryEntry } from '../../../src/ui/registry/fieldRegistry';
import { ReadText } from '../../../src/ui/widgets/ReadText';
import { TextWidget } from '../../../src/ui/widgets/TextWidget';
import { blocks, codes } from './fixtures';

afterEach(cleanup);

const services = { lookups: {}, today: '2024-05-15' };

/** The controlled usage a screen would write: document in state, view model from "the engine". */
function Harness(props: { initial: Doc; vm?: ViewModelLike; onDoc?: (d: Doc) => void }) {
  const [doc, setDoc] = useState(props.initial);
  return (
    <MetadataForm
      blocks={blocks}
      codes={codes}
      document={doc}
      viewModel={props.vm}
      services={services}
      onChange={(_p, _v, next) => {
        setDoc(next);
        props.onDoc?.(next);
      }}
    />
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('MetadataForm edit mode', { timeout: 30_000 }, () => {
  it('draws blocks in x-block.order with labels from metadata', () => {
    render(<Harness initial={{}} />);
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Main', 'Energy']);
    expect(screen.getByLabelText('Product Headline')).toBeTruthy();
    expect(screen.getByText('Headline', { selector: 'h5' })).toBeTruthy();
  });

  it('firstBlocks draws the first blocks in the first commit, the others after the first paint, then tells the page (issue 31 item 7)', async () => {
    const drawnEvents: Event[] = [];
    const { container } = render(
      <div ref={(el) => el?.addEventListener(BLOCKS_DRAWN_EVENT, (e) => drawnEvents.push(e))}>
        <MetadataForm blocks={blocks} codes={codes} document={{}} services={services} firstBlocks={1} />
      </div>,
    );
    const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles()).toEqual(['Main']);
    // Until the rest is drawn the form holds a screen's height, so what follows it stays below the fold.
    expect(container.querySelector('.portal-metadata-form-drawing')).not.toBeNull();
    expect(drawnEvents).toEqual([]);
    await screen.findByRole('heading', { level: 3, name: 'Energy' });
    expect(titles()).toEqual(['Main', 'Energy']);
    expect(container.querySelector('.portal-metadata-form-drawing')).toBeNull();
    expect(drawnEvents.map((e) => e.bubbles)).toEqual([true]);
  });

  it('text, number with unit, select with Select One, checkbox with Yes, textarea with counter edit the document', () => {
    let doc: Doc = {};
    render(<Harness initial={{ comment: 'hi' }} onDoc={(d) => (doc = d)} />);
    fireEvent.change(screen.getByLabelText('Product Headline'), { target: { value: 'Save 10%' } });
    expect(doc.headline).toBe('Save 10%');

    const rate = screen.getByLabelText('Rate') as HTMLInputElement;
    expect(rate.type).toBe('number');
    expect(within(rate.parentElement!).getByText('kWh')).toBeTruthy();
    fireEvent.change(rate, { target: { value: '12.5' } });
    expect(doc).toMatchObject({ energy: { energy_rate: 12.5 } });
    expect(within(screen.getByLabelText('Discount').parentElement!).getByText('%')).toBeTruthy();

    const channel = screen.getByLabelText('Media Channel') as HTMLSelectElement;
    expect([...channel.options].map((o) => o.text)).toEqual(['Select One', 'Direct Mail', 'Print', 'Email']);
    fireEvent.change(channel, { target: { value: '1' } });
    expect(doc.media_channel).toBe(2);
    fireEvent.change(channel, { target: { value: '' } });
    expect('media_channel' in doc).toBe(false);

    const box = screen.getByLabelText('Yes') as HTMLInputElement;
    fireEvent.click(box);
    expect(doc.state_specific).toBe(1);
    fireEvent.click(box);
    expect(doc.state_specific).toBe(0);

    expect(screen.getByText('2/500')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'hello' } });
    expect(doc.comment).toBe('hello');
    expect(screen.getByText('5/500')).toBeTruthy();
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).maxLength).toBe(500);
  });

  it('multi-select shows deletable chips', () => {
    let doc: Doc = {};
    render(<Harness initial={{ state_province: [5, 7] }} onDoc={(d) => (doc = d)} />);
    const chips = screen.getByText('California').closest('.bp6-tag-input')!;
    expect(within(chips as HTMLElement).getByText('Connecticut')).toBeTruthy();
    const remove = (screen.getByText('California').closest('.bp6-tag') as HTMLElement).querySelector('button')!;
    fireEvent.click(remove);
    expect(doc.state_province).toEqual([7]);
  });

  it('list of objects: rows edit through the registry, Add and Remove', () => {
    let doc: Doc = {};
    render(<Harness initial={{ energy: { energy_plans: [{ plan_name: 'Basic', plan_state: 5 }] } }} onDoc={(d) => (doc = d)} />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Plan', 'Plan state', 'Actions']);
    fireEvent.change(within(table).getByDisplayValue('Basic'), { target: { value: 'Gold' } });
    expect(doc).toMatchObject({ energy: { energy_plans: [{ plan_name: 'Gold', plan_state: 5 }] } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((doc.energy as Doc).energy_plans).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    expect((doc.energy as Doc).energy_plans).toEqual([{}]);
  });

  it('layout rows (x-block.rows): a tier per row; empty later tiers wait behind one Add line, filled ones show (issue 27 item 10)', () => {
    const tiers: BlockSchema = {
      $id: 'product/sectors/fees',
      title: 'Fees',
      type: 'object',
      'x-block': { id: 'fees', path: 'fees', order: 400, columns: 4, rows: [[['fee_tier1', 'fee_details_tier1'], ['fee_tier2', 'fee_details_tier2'], ['fee_tier3', 'fee_details_tier3']]] },
      properties: Object.fromEntries(
        [1, 2, 3].flatMap((t) => [
          [`fee_tier${t}`, { title: `Fee (Tier ${t})`, type: 'string', 'x-ui': { widget: 'text', order: t * 2 - 1, width: 'narrow' } }],
          [`fee_details_tier${t}`, { title: `Fee Details (Tier ${t})`, type: 'string', 'x-ui': { widget: 'text', order: t * 2, width: 'medium' } }],
        ]),
      ),
    };
    let doc: Doc = {};
    const { unmount } = render(<MetadataForm blocks={[tiers]} codes={codes} document={{}} services={services} onChange={(_p, _v, next) => (doc = next)} />);
    const fees = section('Fees');
    expect(within(fees).queryByLabelText('Fee (Tier 2)')).toBeNull();
    expect(within(fees).getAllByRole('button', { name: /^Add / }).map((b) => b.textContent)).toEqual(['Add Fee (Tier 2)']);
    // Each tier's first field starts a row of the grid.
    expect((within(fees).getByLabelText('Fee (Tier 1)').closest('.portal-cell') as HTMLElement).style.gridColumn).toBe('1 / span 1');
    fireEvent.click(within(fees).getByRole('button', { name: 'Add Fee (Tier 2)' }));
    fireEvent.change(within(fees).getByLabelText('Fee (Tier 2)'), { target: { value: '40' } });
    expect(doc).toEqual({ fees: { fee_tier2: '40' } });
    expect(within(fees).getAllByRole('button', { name: /^Add / }).map((b) => b.textContent)).toEqual(['Add Fee (Tier 3)']);
    unmount();
    // A stored product shows every tier up to its last filled one; the summary shows all of them.
    render(<MetadataForm blocks={[tiers]} codes={codes} document={{ fees: { fee_tier3: '50' } }} services={services} onChange={() => {}} />);
    expect(within(section('Fees')).getByLabelText('Fee (Tier 2)')).toBeDefined();
    expect(within(section('Fees')).getByLabelText('Fee (Tier 3)')).toBeDefined();
    expect(within(section('Fees')).queryByRole('button', { name: /^Add / })).toBeNull();
  });

  it('reads visibility, required stars, labels, options and errors from the view model only', () => {
    const vm: ViewModelLike = {
      blocks: { energy: { visible: false }, main: { label: 'Main Offer' } },
      fields: {
        headline: { visible: false },
        comment: { required: true, errors: ['Comment is required'] },
        media_channel: { label: 'Media File Channel', options: [1, 3] },
      },
    };
    render(<Harness initial={{ headline: 'secret' }} vm={vm} />);
    expect(screen.queryByLabelText('Product Headline')).toBeNull();
    expect(screen.queryByDisplayValue('secret')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Energy' })).toBeNull();
    const comment = screen.getByLabelText(/Comment/).closest('.bp6-form-group')!;
    expect(comment.querySelector('.portal-required')?.textContent).toBe('*');
    expect(comment.classList.contains('bp6-intent-danger')).toBe(true);
    expect(within(comment as HTMLElement).getByText('Comment is required')).toBeTruthy();
    expect(section('Main').querySelectorAll('.portal-required')).toHaveLength(1);
    const channel = screen.getByLabelText('Media File Channel') as HTMLSelectElement;
    expect([...channel.options].map((o) => o.text)).toEqual(['Select One', 'Direct Mail', 'Email']);
    // A block `label` rule renames its heading.
    expect(section('Main').querySelector('.portal-block-title')?.textContent).toBe('Main Offer');
  });

  it('renders the Unknown fallback for an unregistered widget', () => {
    render(<Harness initial={{ strange: 'x' }} />);
    expect(screen.getByTestId('unknown-widget').textContent).toContain('"hologram"');
  });

  it('a keystroke re-renders only the edited field', () => {
    const renders = new Map<string, number>();
    const counted = (path: string) => renders.get(path) ?? 0;
    // Screen-supplied entry with a higher rank: counts renders of two text fields.
    const counting: RegistryEntry[] = [
      {
        name: 'counting',
        tester: (f) => (f.path === 'headline' || f.path === 'comment' ? 1000 : -1),
        edit: (props) => {
          renders.set(props.id, counted(props.id) + 1);
          return <TextWidget {...props} />;
        },
        read: ReadText,
      },
    ];
    function Counting() {
      const [doc, setDoc] = useState<Doc>({});
      const [vm, setVm] = useState<ViewModelLike>({ fields: {} });
      return (
        <MetadataForm
          blocks={blocks}
          codes={codes}
          document={doc}
          viewModel={vm}
          services={services}
          entries={counting}
          onChange={(_p, _v, next) => {
            setDoc(next);
            // A new view model object each time, as an engine returns, equal in content until 4 characters.
            setVm({ fields: { comment: { required: String(next.headline ?? '').length > 3 } } });
          }}
        />
      );
    }
    render(<Counting />);
    const headline = screen.getByLabelText('Product Headline');
    const commentGroup = screen.getByLabelText('Comment').closest('.bp6-form-group')!;
    const [h0, c0] = [counted('headline'), counted('comment')];
    act(() => {
      fireEvent.change(headline, { target: { value: 'ab' } });
    });
    act(() => {
      fireEvent.change(headline, { target: { value: 'abc' } });
    });
    expect(counted('headline') - h0).toBe(2);
    expect(counted('comment') - c0).toBe(0);
    expect(commentGroup.querySelector('.portal-required')).toBeNull();
    act(() => {
      fireEvent.change(headline, { target: { value: 'abcd' } });
    });
    // The view model made Comment required: now, and only now, Comment renders again.
    expect(counted('comment') - c0).toBe(1);
    expect(commentGroup.querySelector('.portal-required')).not.toBeNull();
  });
  it('a block the view model hides again stays drawn but hidden, and shows again without mounting its fields anew (issue 27 item 11)', () => {
    let mounts = 0;
    const counting: RegistryEntry[] = [
      {
        name: 'counting',
        tester: (f) => (f.path === 'energy.energy_discount' ? 1000 : -1),
        edit: function Counted(props) {
          // Runs once per mount, however often the widget renders.
          useState(() => ++mounts);
          return <TextWidget {...props} />;
        },
        read: ReadText,
      },
    ];
    const shown: ViewModelLike = { blocks: { energy: { visible: true } }, fields: {} };
    // As the engine does: the block's fields are hidden with it.
    const hidden: ViewModelLike = { blocks: { energy: { visible: false } }, fields: { 'energy.energy_rate': { visible: false }, 'energy.energy_discount': { visible: false } } };
    const form = (vm: ViewModelLike) => <MetadataForm blocks={blocks} codes={codes} document={{ energy: { energy_discount: 5 } }} viewModel={vm} services={services} entries={counting} />;
    const { rerender, container } = render(form(shown));
    const input = screen.getByLabelText('Discount');
    expect(mounts).toBe(1);
    rerender(form(hidden));
    expect(screen.queryByRole('region', { name: 'Energy' })).toBeNull();
    // Not on the page for the section navigator and focus: no `data-block`, inside a `hidden` element.
    expect(container.querySelector('section[data-block="energy"]')).toBeNull();
    expect(input.closest('[hidden]')).not.toBeNull();
    rerender(form(shown));
    expect(section('Energy')).toBeTruthy();
    expect(screen.getByLabelText('Discount')).toBe(input);
    expect((input as HTMLInputElement).value).toBe('5');
    expect(mounts).toBe(1);
  });

  it('a block hidden before it was ever shown is not drawn at all', () => {
    const { container } = render(<MetadataForm blocks={blocks} codes={codes} document={{}} viewModel={{ blocks: { energy: { visible: false } } }} services={services} />);
    expect(container.querySelector('[hidden]')).toBeNull();
    expect(screen.queryByText('Energy')).toBeNull();
  });
});

describe('MetadataForm with an evaluate function', { timeout: 30_000 }, () => {
  it('runs it on each edit and applies its view model and derived document without the screen re-rendering', () => {
    const seen: string[] = [];
    let screenRenders = 0;
    let last: Doc = {};
    function Screen() {
      screenRenders++;
      return (
        <MetadataForm
          blocks={blocks}
          codes={codes}
          document={{}}
          services={services}
          evaluate={(doc, path) => {
            seen.push(path);
            const long = String(doc.headline ?? '').length > 3;
            // A derive rule: the comment follows the headline.
            return { viewModel: { fields: { comment: { required: long } } }, document: long ? { ...doc, comment: `About ${doc.headline}` } : doc };
          }}
          onChange={(_p, _v, next) => (last = next)}
        />
      );
    }
    render(<Screen />);
    const rendersBefore = screenRenders;
    fireEvent.change(screen.getByLabelText('Product Headline'), { target: { value: 'abcd' } });
    expect(seen).toEqual(['headline']);
    expect(last).toEqual({ headline: 'abcd', comment: 'About abcd' });
    expect((screen.getByLabelText(/Comment/) as HTMLTextAreaElement).value).toBe('About abcd');
    expect(screen.getByLabelText(/Comment/).closest('.bp6-form-group')!.querySelector('.portal-required')).not.toBeNull();
    expect(screenRenders).toBe(rendersBefore);
  });
});

describe('MetadataForm text inputs follow the store (issue 27 item 11)', { timeout: 30_000 }, () => {
  /** The form with an evaluate function (the engine's place), in a Profiler: the commits so far. */
  function renderCounted(document: Doc, evaluate: (doc: Doc) => Doc, onChange?: (next: Doc) => void): () => number {
    let commits = 0;
    render(
      <Profiler id="form" onRender={() => commits++}>
        <MetadataForm blocks={blocks} codes={codes} document={document} services={services} evaluate={(doc) => ({ viewModel: { fields: {} }, document: evaluate(doc) })} onChange={(_p, _v, next) => onChange?.(next)} />
      </Profiler>,
    );
    return () => commits;
  }
  const type = (control: HTMLElement, value: string) => act(() => void fireEvent.change(control, { target: { value } }));

  it('a keystroke in a text field commits nothing when no rule result changes; what the store makes of it shows in the input', () => {
    let last: Doc = {};
    // A derive rule that rewrites the field being typed in: trailing spaces are dropped.
    const commits = renderCounted({ headline: 'Spring offer' }, (doc) => (typeof doc.headline === 'string' ? { ...doc, headline: doc.headline.trimEnd() } : doc), (next) => (last = next));
    const headline = screen.getByLabelText('Product Headline') as HTMLInputElement;
    expect(headline.value).toBe('Spring offer');
    const before = commits();
    type(headline, 'Spring offers');
    expect(last.headline).toBe('Spring offers');
    expect(headline.value).toBe('Spring offers');
    expect(commits() - before).toBe(0);
    // The store holds the derived value; the input shows it, as a controlled input would.
    type(headline, 'Spring offers  ');
    expect(last.headline).toBe('Spring offers');
    expect(headline.value).toBe('Spring offers');
    // Emptied: no value in the document, an empty input.
    type(headline, '');
    expect(last.headline).toBeUndefined();
    expect(headline.value).toBe('');
    expect(commits() - before).toBe(0);
  });

  it('a keystroke in a textarea commits nothing either; its counter follows the stored text', () => {
    // A derive rule writes the comment when the headline says so.
    const commits = renderCounted({ comment: 'hi' }, (doc) => (doc.headline === 'copy' ? { ...doc, comment: 'copied text' } : doc));
    const comment = screen.getByLabelText('Comment') as HTMLTextAreaElement;
    const counter = screen.getByText('2/500');
    const before = commits();
    type(comment, 'hello');
    expect(comment.value).toBe('hello');
    expect(counter.textContent).toBe('5/500');
    expect(commits() - before).toBe(0);
    type(screen.getByLabelText('Product Headline'), 'copy');
    expect(comment.value).toBe('copied text');
    expect(counter.textContent).toBe('11/500');
    expect(commits() - before).toBe(0);
  });

  it('a new document from the screen (a reload, a reset) shows in the text inputs', () => {
    const form = (doc: Doc) => <MetadataForm blocks={blocks} codes={codes} document={doc} services={services} />;
    const { rerender } = render(form({ headline: 'Before' }));
    const headline = screen.getByLabelText('Product Headline') as HTMLInputElement;
    fireEvent.change(headline, { target: { value: 'Typed' } });
    rerender(form({ headline: 'After reload' }));
    expect(headline.value).toBe('After reload');
    rerender(form({}));
    expect(headline.value).toBe('');
  });
});

describe('MetadataForm following a source', { timeout: 30_000 }, () => {
  it('takes each change of the source in the same commit as the source\'s other subscribers (issue 27 item 11)', () => {
    let state: { doc: Doc; vm: ViewModelLike } = { doc: { headline: 'old' }, vm: { fields: {} } };
    const listeners = new Set<() => void>();
    const source: FormSource = {
      subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
      getDocument: () => state.doc,
      getViewModel: () => state.vm,
    };
    const set = (next: typeof state) => {
      state = next;
      listeners.forEach((l) => l());
    };
    /** Another reader of the same store beside the form (a widget or the editor's frame). */
    function Status() {
      const doc = useSyncExternalStore(source.subscribe, source.getDocument);
      return <output>{String(doc.headline)}</output>;
    }
    let commits = 0;
    render(
      <Profiler id="page" onRender={() => commits++}>
        <Status />
        {/* The props are the first state only: what follows comes through the source. */}
        <MetadataForm blocks={blocks} codes={codes} document={state.doc} viewModel={state.vm} source={source} services={services} />
      </Profiler>,
    );
    const before = commits;
    act(() => set({ doc: { headline: 'new' }, vm: { fields: { comment: { required: true } } } }));
    expect((screen.getByLabelText(/Product Headline/) as HTMLInputElement).value).toBe('new');
    expect(screen.getByLabelText(/Comment/).closest('.bp6-form-group')!.querySelector('.portal-required')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('new');
    expect(commits - before).toBe(1);
  });
});

describe('MetadataSummary (read mode of the same registry)', { timeout: 30_000 }, () => {
  const doc: Doc = {
    state_specific: 1,
    entry_date: '2024-05-01',
    product_status: 2,
    media_channel: 3,
    state_province: [5, 6],
    headline: 'Great offer',
    energy: { energy_rate: 12, energy_discount: 5, energy_plans: [{ plan_name: 'Basic', plan_state: 7 }] },
  };
  const row = (label: string) => screen.getByText(label, { selector: '.portal-summary-label' }).nextElementSibling!.textContent;

  it('shows labelled rows with code titles, Yes/No, status labels and MM/DD/YYYY dates', () => {
    render(<MetadataSummary blocks={blocks} codes={codes} document={doc} />);
    expect(row('State specific')).toBe('Yes');
    expect(row('Entry Date')).toBe('05/01/2024');
    expect(row('Product Status')).toBe('UnApproved');
    expect(row('Media Channel')).toBe('Email');
    expect(row('State')).toBe('California, Colorado');
    expect(row('Product Headline')).toBe('Great offer');
    expect(row('Rate')).toBe('12 kWh');
    expect(row('Discount')).toBe('5%');
    expect(screen.queryByRole('textbox')).toBeNull();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Connecticut')).toBeTruthy();
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('shows No for a flag that is not 1, and status labels for each code', () => {
    const { rerender } = render(<MetadataSummary blocks={blocks} codes={codes} document={{ state_specific: 0, product_status: 11 }} />);
    expect(row('State specific')).toBe('No');
    expect(row('Product Status')).toBe('Temp Product');
    rerender(<MetadataSummary blocks={blocks} codes={codes} document={{ product_status: -1 }} />);
    expect(row('Product Status')).toBe('Unused');
  });

  it('keeps hidden blocks and fields hidden', () => {
    render(
      <MetadataSummary
        blocks={blocks}
        codes={codes}
        document={doc}
        viewModel={{ blocks: { energy: { visible: false } }, fields: { headline: { visible: false } } }}
      />,
    );
    expect(screen.queryByText('Product Headline')).toBeNull();
    expect(screen.queryByText('Rate')).toBeNull();
    expect(row('Media Channel')).toBe('Email');
  });
});
