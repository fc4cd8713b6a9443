import { listHiddenDrops, type Engine, type HiddenDrop } from '../../engine';
import { deepEqual } from '../../engine/model/deepEqual';
import { getIn, splitPath } from '../../engine/model/paths';
import type { Doc } from '../../ui/form/types';

/**
 * What a save of `doc` clears from hidden sections that someone entered: the engine's list without
 * values that are only their field's schema default (a new product's untouched "Use Process PDF" 0
 * is not news to the editor).
 */
export function enteredHiddenDrops(engine: Engine, doc: Doc): HiddenDrop[] {
  const out: HiddenDrop[] = [];
  for (const drop of listHiddenDrops(engine, doc)) {
    const paths = drop.paths.filter((p) => {
      const schema = engine.model.fieldByPath.get(p)?.schema;
      return !(schema && 'default' in schema && deepEqual(getIn(doc, splitPath(p)), schema.default));
    });
    if (paths.length) out.push({ ...drop, paths, count: paths.length });
  }
  return out;
}
