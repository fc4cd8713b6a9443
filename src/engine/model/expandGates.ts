type Seg = string | number;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where a rule's logic used a gate: the position in the expanded logic and the gate's name. */
export interface GateUse {
  key: string;
  segs: Seg[];
  name: string;
}

const MAX_DEPTH = 10;

/** `{"gate": "name"}`: the name, else undefined. */
export function gateName(node: unknown): string | undefined {
  return isObj(node) && Object.keys(node).length === 1 && typeof node.gate === 'string' ? node.gate : undefined;
}

/**
 * A rule file's shared conditions: `{"gate": "retail_sectors"}` in a rule stands for the logic under
 * `gates.retail_sectors` of the same file (gates may use other gates). Every tool sees the expanded
 * logic; `uses` records where each gate went so lint can name the gate when the problem is inside it.
 * Unknown names are left as written (lint reports them).
 */
export function expandGates(logic: unknown, gates: Obj, key: string, uses: GateUse[], at: Seg[] = [], depth = 0): unknown {
  const name = gateName(logic);
  if (name !== undefined) {
    if (!Object.hasOwn(gates, name) || depth >= MAX_DEPTH) return logic;
    uses.push({ key, segs: at, name });
    return expandGates(gates[name], gates, key, uses, at, depth + 1);
  }
  if (Array.isArray(logic)) return logic.map((l, i) => expandGates(l, gates, key, uses, [...at, i], depth));
  if (!isObj(logic)) return logic;
  const out: Obj = {};
  for (const [k, v] of Object.entries(logic)) out[k] = expandGates(v, gates, key, uses, [...at, k], depth);
  return out;
}

/** The gate use whose expansion holds this position (the innermost), if any. */
export function gateAt(uses: readonly GateUse[] | undefined, key: string, segs: readonly Seg[]): { use: GateUse; rest: Seg[] } | undefined {
  let best: GateUse | undefined;
  for (const u of uses ?? []) {
    if (u.key !== key || u.segs.length > segs.length || !u.segs.every((s, i) => String(s) === String(segs[i]))) continue;
    if (!best || u.segs.length >= best.segs.length) best = u;
  }
  return best ? { use: best, rest: segs.slice(best.segs.length) as Seg[] } : undefined;
}
