import { memo, useMemo, type ComponentProps } from 'react';
import { MetadataForm, type FormSource } from '../../ui/form/MetadataForm';
import type { ViewModelLike } from '../../ui/form/types';
import { lastOf } from './lastOf';
import type { ProductDocumentStore } from './productDocumentStore';

type FormProps = Omit<ComponentProps<typeof MetadataForm>, 'document' | 'viewModel' | 'source'>;

/**
 * The sections in the editor's first draw (issue 31 item 7): a new product's top four reach below
 * a 1280×720 screen; the others (Classification, the largest, among them) are drawn after the
 * first paint.
 */
const FIRST_BLOCKS = 4;

/**
 * The product form fed by the document store itself: an edit renders the fields it changes, in the
 * same commit as the editor's other subscribers, and neither this nor the editor's frame (header,
 * actions bar, section navigator, dialogs); memoised, so the frame's re-renders (a block shown or
 * hidden) do not render it again either.
 */
export const LiveProductForm = memo(function LiveProductForm({ store, showViewModel, ...form }: FormProps & { store: ProductDocumentStore; showViewModel: (vm: ViewModelLike) => ViewModelLike }) {
  // ViewModel is an interface without an index signature; the renderer's type is its structural subset.
  const shownOf = useMemo(() => lastOf((vm: ViewModelLike) => showViewModel(vm)), [showViewModel]);
  const source = useMemo<FormSource>(() => ({ subscribe: store.subscribe, getDocument: store.getDoc, getViewModel: () => shownOf(store.getViewModel() as unknown as ViewModelLike) }), [store, shownOf]);
  return <MetadataForm firstBlocks={FIRST_BLOCKS} {...form} document={store.getDoc()} viewModel={source.getViewModel()} source={source} />;
});
