import { WhyButton } from '../why/WhyButton';
import { memo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { blockColumns } from './fieldSpan';
import { FieldView } from './FieldView';
import { RowGroupView } from './RowGroupView';
import type { BlockModel, LayoutItem } from './formModel';
import type { FormStore } from './formStore';
import type { FormMode } from './types';

export interface BlockViewProps {
  block: BlockModel;
  store: FormStore;
  mode: FormMode;
  /** Heading level of the block title (child blocks go one deeper). */
  level?: number;
}

/**
 * One block: its title, then its fields and child blocks in a grid of `x-block.columns` (default 4)
 * columns. Before the view model first shows it, nothing; once shown, a block the rules hide again
 * stays drawn but `hidden` (no `data-block`, so it is not on the page for the navigator, focus and
 * Tab), so a channel switched back shows it without mounting its fields again.
 */
export const BlockView = memo(function BlockView({ block, store, mode, level = 3 }: BlockViewProps) {
  const visible = useSyncExternalStore(store.subscriber(`block:${block.id}`), () => store.isBlockVisible(block.id));
  // `label` rules may rename a block (channels 19/20: Media Files).
  const title = useSyncExternalStore(store.subscriber(`block:${block.id}`), () => store.blockLabel(block.id)) ?? block.title;
  const [drawn, setDrawn] = useState(visible);
  if (visible && !drawn) setDrawn(true);
  if (!visible && !drawn) return null;
  const Heading = `h${Math.min(level, 6)}` as 'h3';
  const columns = blockColumns(block.schema);
  return (
    <section
      className={`portal-block portal-block-${mode} portal-grid`}
      hidden={!visible}
      data-block={visible ? block.id : undefined}
      aria-label={block.title}
      style={{ ['--portal-columns' as string]: columns, ['--portal-wide-columns' as string]: columns + 1 } as CSSProperties}
    >
      {/* One array of children: a second list beside the first would put a fragment fiber above every field. */}
      {[
        title ? (
          <div key="head" className="portal-block-head">
            <Heading className="portal-block-title">{title}</Heading>
            {mode === 'edit' && <WhyButton target={block.id} />}
          </div>
        ) : null,
        ...(mode === 'read' ? readSections(block.layout) : [block.layout]).map((items, i) => {
          const drawn = items.map((item) =>
            'field' in item ? (
              <FieldView key={`f:${item.field.path}`} field={item.field} store={store} mode={mode} columns={columns} blockTitle={title} />
            ) : (
              <RowGroupView key={`r:${item.rows[0]![0]!.path}`} rows={item.rows} store={store} mode={mode} columns={columns} />
            ),
          );
          // A sub-heading's fields in the summary, so that a heading whose fields are all empty hides with them (form.css).
          return mode === 'read' && i > 0 ? (
            <div key={`s:${i}`} className="portal-summary-section">
              {drawn}
            </div>
          ) : (
            drawn
          );
        }).flat(),
        ...block.children.map((b) => <BlockView key={`b:${b.id}`} block={b} store={store} mode={mode} level={level + 1} />),
      ]}
    </section>
  );
});

const firstField = (item: LayoutItem) => ('field' in item ? item.field : item.rows[0]![0]!);

/** The block's layout cut before each field with an `x-ui.heading`: the fields before the first heading, then one list per heading. */
function readSections(layout: LayoutItem[]): LayoutItem[][] {
  const sections: LayoutItem[][] = [[]];
  for (const item of layout) {
    if (firstField(item).ui.heading) sections.push([]);
    sections[sections.length - 1]!.push(item);
  }
  return sections;
}
