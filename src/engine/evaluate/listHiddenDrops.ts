import type { Engine } from './Engine';

/** Values a save empties because their block (or the field itself) is hidden, grouped as the editor names them. */
export interface HiddenDrop {
  /** The outermost hidden block holding the values; for a field hidden by its own rule, its block. */
  block: string;
  /** The hidden block's label, or the field's when only the field is hidden ("Delivery"). */
  label: string;
  /** How many fields with a value the save empties. */
  count: number;
  /** Their paths, in field order. */
  paths: string[];
}

/**
 * What saving `doc` would drop under the hidden-data policy: the non-empty values of hidden
 * `clear` fields (including those hidden only once others are dropped), per outermost hidden block
 * with its label and a count, in page order ("Delivery: 5 values will be cleared"). Evaluates the
 * document as the server's save does (`action`, default `save`, with the document as `$prev`).
 */
export function listHiddenDrops(engine: Engine, doc: unknown, opts: { action?: string } = {}): HiddenDrop[] {
  const vm = engine.evaluate(doc, { action: opts.action ?? 'save', prev: doc });
  const { blockById, fieldByPath } = engine.model;
  const groups = new Map<string, HiddenDrop>();
  for (const path of vm.dropped) {
    const field = fieldByPath.get(path);
    if (!field) continue;
    let top: string | null = null;
    for (let b = blockById.get(field.block); b; b = b.parent ? blockById.get(b.parent) : undefined) if (vm.blocks[b.id]?.visible === false) top = b.id;
    const key = top ?? `${field.block}\0${path}`;
    let group = groups.get(key);
    if (!group) {
      const label = top ? vm.blocks[top].label : (vm.fields[path]?.label ?? field.title);
      groups.set(key, (group = { block: top ?? field.block, label, count: 0, paths: [] }));
    }
    group.count++;
    group.paths.push(path);
  }
  return [...groups.values()];
}
