import type { Engine, ViewModel } from '../../../src/engine';
import { getIn, setIn } from '../../../src/engine/model/paths';
import type { FieldMeta } from '../../../src/engine/types';

/** One edit as the product editor makes it: the path it reports and the document after it. */
export interface Edit {
  path: string;
  next: unknown;
  /** The value at `path` before the edit (a later edit may put it back). */
  before: unknown;
  /** For failure messages. */
  label: string;
}

/** A seeded stream of numbers in [0, 1) (mulberry32): one per edit, so an edit is reproducible from its seed. */
export function randomStream(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T,>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];

const EMPTY_VALUES: readonly unknown[] = [null, '', undefined];
const DATES = ['2024-06-30', '2024-06-01', '2023-12-31', '2024-07-15', '2025-01-01', '2019-02-30', 'not a date', ''];

/** Fields whose value some rule reads, or that rules target: edits to them are the ones that matter. */
function ruleFields(engine: Engine): Set<string> {
  const out = new Set<string>();
  const names = JSON.stringify(engine.rules.map((r) => [r.when, r.valid, r.value, r.filter]));
  for (const f of engine.model.fields) if (names.includes(`"${f.path}`) || engine.rules.some((r) => r.target === f.path)) out.add(f.path);
  return out;
}

export interface EditContext {
  engine: Engine;
  /** Other products: complex values (sector chains, panelists, companies, promotions) are copied from them. */
  donors: ReadonlyArray<Record<string, unknown>>;
  fields: readonly FieldMeta[];
  ruled: readonly FieldMeta[];
  /** Array fields whose items have their own fields (`promotion.promotions`, `panelists`, ...). */
  lists: readonly FieldMeta[];
}

export function editContext(engine: Engine, donors: ReadonlyArray<Record<string, unknown>>): EditContext {
  const fields = engine.model.fields;
  const ruledPaths = ruleFields(engine);
  return {
    engine,
    donors,
    fields,
    ruled: fields.filter((f) => ruledPaths.has(f.path)),
    lists: fields.filter((f) => f.schema.type === 'array' && typeof f.schema.items === 'object' && (f.schema.items as Record<string, unknown>).type === 'object'),
  };
}

/** A value an editor could put in the field: one of its current options, any code, a typed value, or empty. */
function valueFor(ctx: EditContext, f: FieldMeta, vm: ViewModel, r: () => number): unknown {
  if (r() < 0.15) return pick(r, EMPTY_VALUES);
  if (r() < 0.2) {
    const donor = pick(r, ctx.donors);
    return getIn(donor, f.segs);
  }
  if (f.codeTable) {
    const shown = vm.fields[f.path]?.options ?? f.codeTable.entries;
    const pool = r() < 0.85 && shown.length ? shown : f.codeTable.entries;
    if (!f.multi) return pick(r, pool).const;
    const n = Math.floor(r() * 4);
    const out = new Set<unknown>();
    for (let i = 0; i < n; i++) out.add(pick(r, pool).const);
    return [...out];
  }
  const s = f.schema;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (Array.isArray(s.enum)) return pick(r, s.enum as unknown[]);
  if (type === 'boolean') return r() < 0.5;
  if (type === 'integer' || type === 'number') return pick(r, [0, 1, 2, 7, -1]);
  if (type === 'array') return r() < 0.5 ? [] : getIn(pick(r, ctx.donors), f.segs) ?? [];
  if (type === 'object') return getIn(pick(r, ctx.donors), f.segs) ?? {};
  if (s.format === 'date' || /date/.test(f.path)) return pick(r, DATES);
  return pick(r, ['x', 'Platinum Rewards', '12.5', '0', ' ', 'https://example.com/a']);
}

/**
 * One random edit of the kinds the editor makes: a field set (rule-read fields most often), a
 * channel or audience switch, an item of a list edited, added or removed, or a field put back to
 * the value it had some edits ago (round trips such as Direct Mail → Email → Direct Mail).
 */
export function randomEdit(ctx: EditContext, doc: unknown, vm: ViewModel, history: readonly Edit[], seed: number): Edit {
  const r = randomStream(seed);
  const kind = r();
  const set = (path: string, value: unknown, label: string): Edit => {
    const segs = path.split('.');
    return { path, next: setIn(doc, segs, value), before: getIn(doc, segs), label: `${label} ${path} = ${JSON.stringify(value)}` };
  };
  const back = history.length ? pick(r, history) : undefined;
  const backSegs = back?.path.split('.') ?? [];
  const backParent = getIn(doc, backSegs.slice(0, -1));
  if (kind < 0.12 && back && backParent !== null && typeof backParent === 'object') {
    // Back to an earlier value of a path edited before (the value in the document before that edit).
    return set(back.path, back.before, 'revert');
  }
  if (kind < 0.3) {
    const path = r() < 0.6 ? 'media_channel' : 'audience';
    const f = ctx.fields.find((x) => x.path === path)!;
    return set(f.path, pick(r, f.codeTable!.entries).const, 'switch');
  }
  if (kind < 0.45 && ctx.lists.length) {
    const list = pick(r, ctx.lists);
    const items = getIn(doc, list.segs);
    const arr = Array.isArray(items) ? items : [];
    const donorItems = ctx.donors.map((d) => getIn(d, list.segs)).filter((v): v is unknown[] => Array.isArray(v) && v.length > 0);
    const op = r();
    if (op < 0.35 && donorItems.length) return set(list.path, [...arr, pick(r, pick(r, donorItems))], 'add item');
    if (op < 0.55 && arr.length) {
      const i = Math.floor(r() * arr.length);
      return set(list.path, arr.filter((_, k) => k !== i), 'remove item');
    }
    if (arr.length) {
      const i = Math.floor(r() * arr.length);
      const item = arr[i];
      const keys = item && typeof item === 'object' ? Object.keys(item) : [];
      const props = Object.keys(((list.schema.items as Record<string, unknown>).properties as Record<string, unknown> | undefined) ?? {});
      const key = pick(r, [...new Set([...keys, ...props])].filter(Boolean).length ? [...new Set([...keys, ...props])] : ['x']);
      const donor = donorItems.length ? (pick(r, pick(r, donorItems)) as Record<string, unknown>)?.[key] : undefined;
      const value = r() < 0.5 ? donor : pick(r, [null, '', 0, 1, 2, 'x', '2024-06-01']);
      return set(`${list.path}.${i}.${key}`, value, 'item field');
    }
  }
  const f = r() < 0.75 ? pick(r, ctx.ruled) : pick(r, ctx.fields);
  return set(f.path, valueFor(ctx, f, vm, r), 'set');
}
