import type { Engine } from '../../engine';
import { getIn } from '../../engine/model/paths';
import { truthy } from '../../engine/logic/truthy';
import { emptyContext } from '../../engine/logic/EvalContext';
import { sectionSlice } from './sectionSlice';

/** One `x-loader` annotation (002 §7) with the block or field it sits on. */
export interface SectionLoader {
  name: string;
  path: string;
  item?: Record<string, unknown>;
  each?: string;
  list?: boolean;
  when?: unknown;
  /** The block id or field path the annotation sits on (its value when no `item` is given). */
  section: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const cache = new WeakMap<Engine, Map<string, SectionLoader>>();

function collect(engine: Engine): Map<string, SectionLoader> {
  const out = new Map<string, SectionLoader>();
  const add = (raw: unknown, section: string) => {
    for (const l of Array.isArray(raw) ? raw : [raw]) {
      if (!isObj(l) || typeof l.path !== 'string') continue;
      const name = l.path.split('/')[0]!;
      out.set(name, { name, path: l.path, item: isObj(l.item) ? l.item : undefined, each: typeof l.each === 'string' ? l.each : undefined, list: l.list === true, when: l.when, section });
    }
  };
  for (const b of engine.model.blocks) if (b.schema['x-loader'] !== undefined) add(b.schema['x-loader'], b.id);
  for (const [path, f] of engine.model.fieldByPath) if (f.schema['x-loader'] !== undefined) add(f.schema['x-loader'], path);
  return out;
}

/** The per-section loaders the metadata declares, by the first segment of their path ("audience"). */
export function sectionLoaders(engine: Engine): Map<string, SectionLoader> {
  let m = cache.get(engine);
  if (!m) cache.set(engine, (m = collect(engine)));
  return m;
}

/** `"{field}"` is the field's value (null when absent); text around placeholders is interpolated. */
function fill(template: unknown, value: (name: string) => unknown): unknown {
  if (typeof template === 'string') {
    const whole = /^\{([$\w.]+)\}$/.exec(template);
    if (whole) return value(whole[1]!) ?? null;
    return template.replace(/\{([$\w.]+)\}/g, (_m, n: string) => String(value(n) ?? ''));
  }
  if (Array.isArray(template)) return template.map((t) => fill(t, value));
  if (isObj(template)) return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fill(v, value)]));
  return template;
}

const at = (doc: Obj, path: string) => getIn(doc, path.split('.'));

/**
 * A loader's answer for one product document: the block's record (or its fields, for a block of
 * root-level fields), a field's value, or the
 * `item` shape filled from the document (one per value of `each`, or `[item]` with `list`).
 * A loader whose `when` fails (its skip rule) answers an empty list (or null).
 */
export function runSectionLoader(engine: Engine, loader: SectionLoader, doc: Obj): unknown {
  const empty = loader.each || loader.list ? [] : null;
  if (loader.when !== undefined && !truthy(engine.compile(loader.when)(doc, emptyContext(new Date().toISOString().slice(0, 10))))) return empty;
  if (!loader.item) {
    // A sub-form stored under its own key (credit_card, with its promotional child block): the whole record.
    const block = engine.model.blockById.get(loader.section);
    if (block?.path) return at(doc, block.path) ?? {};
    return sectionSlice(engine.model, doc, loader.section).payload ?? null;
  }
  const field = (name: string) => at(doc, name);
  if (loader.each) {
    const list = at(doc, loader.each);
    return (Array.isArray(list) ? list : []).map((v) =>
      fill(loader.item, (name) => (name === '$item' ? v : name.startsWith('$item.') ? (isObj(v) ? at(v, name.slice(6)) : undefined) : field(name))),
    );
  }
  const one = fill(loader.item, field);
  return loader.list ? [one] : one;
}
