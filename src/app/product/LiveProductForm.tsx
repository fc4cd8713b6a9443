import { memo, useMemo, useSyncExternalStore, type ComponentProps } from 'react';
import { MetadataForm } from '../../ui/form/MetadataForm';
import type { ViewModelLike } from '../../ui/form/types';
import type { ProductDocumentStore } from './productDocumentStore';

type FormProps = Omit<ComponentProps<typeof MetadataForm>, 'document' | 'viewModel'>;

/**
 * The sections in the editor's first draw (issue 31 item 7): a new product's top four reach below
 * a 1280×720 screen; the others (Classification, the largest, among them) are drawn after the
 * first paint.
 */
const FIRST_BLOCKS = 4;

/**
 * The product form subscribed to the document store itself: an edit renders this and the fields it
 * changes, not the editor's frame (header, actions bar, section navigator, dialogs); memoised, so the
 * frame's re-renders (a block shown or hidden) do not render it again either.
 */
export const LiveProductForm = memo(function LiveProductForm({ store, showViewModel, ...form }: FormProps & { store: ProductDocumentStore; showViewModel: (vm: ViewModelLike) => ViewModelLike }) {
  const doc = useSyncExternalStore(store.subscribe, store.getDoc);
  const vm = useSyncExternalStore(store.subscribe, store.getViewModel);
  // ViewModel is an interface without an index signature; the renderer's type is its structural subset.
  const shown = useMemo(() => showViewModel(vm as unknown as ViewModelLike), [vm, showViewModel]);
  return <MetadataForm firstBlocks={FIRST_BLOCKS} {...form} document={doc} viewModel={shown} />;
});
