import { pathGetters, type PathGetter, type PathGetters } from '../model/generatedGetters';
import { pathsOverlap, spreadAdding, type AddingCopier } from '../model/paths';
import type { CompiledLogic } from '../logic/EvalContext';
import type { MetadataModel } from '../model/MetadataModel';
import { resolveSchemaPath } from '../model/resolveSchemaPath';
import type { BlockMeta, CodeEntry, CompiledRule, FieldMeta, HiddenPolicy, RuleError } from '../types';
import type { ActionMasks } from './actionMaskTypes';
import { deriveOverlaps, type DeriveOverlaps } from './deriveOverlaps';
import { createDirtyIndex, type DirtyIndex } from './dirtyRules';
import { messageFormat } from './messageFormat';

/** The rules that decide one target's state, by kind. */
export interface TargetRules {
  visible: CompiledRule[];
  readonly: CompiledRule[];
  label: CompiledRule[];
  required: CompiledRule[];
  options: CompiledRule[];
}

/** An item-field pattern (`promotion.promotions.*.buy_x`) and its rules. */
export interface ItemGroup extends TargetRules {
  arraySegs: string[];
  fieldSegs: string[];
  /** Index of the array field in model.fields, or -1. */
  owner: number;
  block: number;
  title: string;
  hidden: HiddenPolicy;
  /** Concrete paths per item index, built once. */
  paths: string[];
  /** Reads the array (getIn of arraySegs). */
  readArray: PathGetter;
}

/** A required or validate rule with its target located once. */
export interface Check {
  rule: CompiledRule;
  field: number;
  block: number;
  /** The rule's actions (null: none). */
  actions: ReadonlySet<string> | null;
  /** Item rules: the concrete target path per item index, built once. */
  itemPaths: string[];
  /** Item rules: the item group of the same target (its item states), or -1. */
  group: number;
  /** Reads the target (block and field rules), or the array (item rules): getIn of its path. */
  readTarget: PathGetter;
  /** Item rules: reads the item field in an item; null otherwise. */
  readItemField: PathGetter | null;
  /**
   * The last error emitted, by item index (0 for a block or field rule): an error equal to it is
   * that object again, so the states holding it stay the same objects from one evaluation to the next.
   */
  lastErrors: Array<RuleError | undefined>;
}

/**
 * A rule as the conditions phase runs it: one object shape for every rule (rules themselves differ
 * in which keys they have, so reading them in a hot loop goes through megamorphic lookups).
 */
export interface ConditionSlot {
  rule: CompiledRule;
  id: string;
  index: number;
  when: CompiledLogic | null;
  valid: CompiledLogic | null;
  /** For item rules: the array path; null for block and field rules. */
  itemArray: string[] | null;
  /** For item rules: reads the array (getIn of itemArray); null for block and field rules. */
  readArray: PathGetter | null;
  /** validate rules: the actions they check (null: none). */
  actions: ReadonlySet<string> | null;
  /** Item rules: the last per-item answer (handed out again while equal; never written once made). */
  lastItems: boolean[];
}

/** A derive rule as the derive phase runs it: one object shape for all (see ConditionSlot). */
export interface DeriveSlot {
  index: number;
  id: string;
  target: string;
  targetSegs: string[];
  /** getIn of targetSegs. */
  readTarget: PathGetter;
  when: CompiledLogic | null;
  value: CompiledLogic | null;
  /** Its reads are unknown (a computed var name): it runs again after every write. */
  readsAnything: boolean;
}

/**
 * Everything evaluation needs, precomputed once per engine into arrays indexed like model.blocks /
 * model.fields (and rules by `rule.index`): the phases read these and never search the model.
 */
export interface EngineTables {
  rules: CompiledRule[];
  blocks: BlockMeta[];
  fields: FieldMeta[];
  /** Parent block index per block, or -1. */
  blockParent: number[];
  /** Block index per field, or -1. */
  fieldBlock: number[];
  blockRules: Array<TargetRules | undefined>;
  fieldRules: Array<TargetRules | undefined>;
  itemGroups: ItemGroup[];
  deriveRules: CompiledRule[];
  /** deriveRules as the derive phase reads them. */
  deriveSlots: DeriveSlot[];
  /** The derive phase's record of when each rule last ran, refilled per run (runs never nest). */
  deriveSeen: Int32Array;
  /** Which derive rules' writes touch which derive rule (by position in deriveRules). */
  deriveOverlaps: DeriveOverlaps;
  optionRules: CompiledRule[];
  /** visible, readonly, label and required rules: their `when` is all they compute. */
  whenRules: CompiledRule[];
  validateRules: CompiledRule[];
  /** whenRules and validateRules as the conditions phase reads them. */
  whenSlots: ConditionSlot[];
  validateSlots: ConditionSlot[];
  /** required and validate rules in file order: the errors come in this order. */
  checks: Check[];
  /** Per rule: the code-table entries an options rule filters. */
  optionEntries: CodeEntry[][];
  /**
   * Per rule (by index): how its message writes coded placeholders (titles), if any; worked out at
   * the rule's first error, not when the engine starts (a browser engine's start, issue 31 item 7).
   */
  messageFormatOf(index: number): ((path: string, value: unknown) => string | undefined) | undefined;
  /** Per field: no rule targets it. */
  ruleless: boolean[];
  /** Fields with options rules. */
  optionFields: number[];
  /** Fields whose hidden policy is `clear`. */
  clearFields: number[];
  /** Per field whose hidden policy is `clear`: getIn of its path (undefined for the others). */
  readField: Array<PathGetter | undefined>;
  /** clearFields by the root key holding them (`banking` for `banking.*`; null for root fields), in field order within each. */
  clearGroups: Array<{ container: string | null; fields: number[] }>;
  /**
   * Per field: the view model reads its value beyond rule results (an item list, a message
   * placeholder, a required or validate target at or inside it), so emptying it redraws the view model
   * even when no rule answers differently.
   */
  viewReads: Uint8Array;
  /** Every coded field's ids, the `$options` seen before options rules narrow them. */
  staticOptionIds: Record<string, unknown[]>;
  /** How derive and the hidden policy copy an object that gains a key (see setInOwned). */
  addingCopy: AddingCopier;
  /** Which rules read which paths: an incremental run's dirty rules. */
  dirtyIndex: DirtyIndex;
  /** Per action met: its validate rules and checks (actionMasksFor). */
  actionMasks: Map<string, ActionMasks>;
}

const emptyTargetRules = (): TargetRules => ({ visible: [], readonly: [], label: [], required: [], options: [] });

/**
 * `getters` makes the path getters the phases read the document with (generated code where the
 * engine may make it), `clearGetters` those of the hidden policy's fields (which only a save's
 * evaluation reads: the browser keeps hidden values, so its build need not hold 200 of them); by
 * default each calls getIn.
 */
export function buildEngineTables(
  model: MetadataModel,
  rules: CompiledRule[],
  addingCopy: AddingCopier = spreadAdding,
  getters: PathGetters = pathGetters(),
  clearGetters: PathGetters = getters,
): EngineTables {
  const blocks = model.blocks;
  const fields = model.fields;
  const blockIndex = new Map(blocks.map((b, i) => [b.id, i]));
  const fieldIndex = new Map(fields.map((f, i) => [f.path, i]));
  const blockRules: Array<TargetRules | undefined> = blocks.map(() => undefined);
  const fieldRules: Array<TargetRules | undefined> = fields.map(() => undefined);
  const groups = new Map<string, ItemGroup>();
  for (const r of rules) {
    if (r.kind === 'derive' || r.kind === 'validate') continue;
    const list = r.kind as keyof TargetRules;
    if (r.targetType === 'block') {
      const b = blockIndex.get(r.target)!;
      (blockRules[b] ??= emptyTargetRules())[list].push(r);
    } else if (r.targetType === 'field') {
      const f = fieldIndex.get(r.target);
      if (f !== undefined) (fieldRules[f] ??= emptyTargetRules())[list].push(r);
    } else {
      if (!groups.has(r.target)) groups.set(r.target, newItemGroup(r, model, fieldIndex, blockIndex, getters));
      groups.get(r.target)![list].push(r);
    }
  }
  const checks: Check[] = rules
    .filter((r) => r.kind === 'required' || r.kind === 'validate')
    .map((rule) => ({
      rule,
      field: rule.targetType === 'field' ? (fieldIndex.get(rule.target) ?? -1) : -1,
      block: rule.targetType === 'block' ? blockIndex.get(rule.target)! : -1,
      actions: rule.actions ? new Set(rule.actions) : null,
      itemPaths: [],
      group: rule.targetType === 'item' ? [...groups.keys()].indexOf(rule.target) : -1,
      readTarget: getters(rule.targetType === 'item' ? rule.itemArray! : rule.targetSegs),
      readItemField: rule.targetType === 'item' ? getters(rule.itemField!) : null,
      lastErrors: [],
    }));
  // A check on a path inside a field (promotion.promotions.0) follows that field's visibility.
  for (const c of checks) {
    if (c.field >= 0 || c.block >= 0 || c.rule.targetType === 'item') continue;
    for (let segs = c.rule.targetSegs.slice(0, -1); segs.length; segs = segs.slice(0, -1)) {
      const owner = fieldIndex.get(segs.join('.'));
      if (owner !== undefined) {
        c.field = owner;
        break;
      }
    }
  }
  const staticOptionIds: Record<string, unknown[]> = {};
  for (const f of fields) if (f.codeTable) staticOptionIds[f.path] = f.codeTable.entries.map((e) => e.const);
  const indexes = fields.map((_, i) => i);
  const whenRules = rules.filter((r) => r.kind === 'visible' || r.kind === 'readonly' || r.kind === 'label' || r.kind === 'required');
  const validateRules = rules.filter((r) => r.kind === 'validate');
  const deriveRules = rules.filter((r) => r.kind === 'derive');
  return {
    rules,
    blocks,
    fields,
    blockParent: blocks.map((b) => (b.parent ? (blockIndex.get(b.parent) ?? -1) : -1)),
    fieldBlock: fields.map((f) => blockIndex.get(f.block) ?? -1),
    blockRules,
    fieldRules,
    itemGroups: [...groups.values()],
    deriveRules,
    deriveSlots: deriveRules.map((r) => ({
      index: r.index, id: r.id, target: r.target, targetSegs: r.targetSegs, readTarget: getters(r.targetSegs),
      when: r.whenFn ?? null, value: r.valueFn ?? null, readsAnything: r.docDeps === null,
    })),
    deriveSeen: new Int32Array(deriveRules.length),
    deriveOverlaps: deriveOverlaps(deriveRules),
    optionRules: rules.filter((r) => r.kind === 'options'),
    whenRules,
    validateRules,
    whenSlots: whenRules.map((r) => conditionSlot(r, getters)),
    validateSlots: validateRules.map((r) => conditionSlot(r, getters)),
    checks,
    optionEntries: rules.map((r) => (r.kind === 'options' ? (model.fieldByPath.get(r.target)?.codeTable?.entries ?? []) : [])),
    messageFormatOf: messageFormatsOnDemand(rules, model),
    ruleless: fields.map((_, i) => !fieldRules[i]),
    optionFields: indexes.filter((i) => fieldRules[i]?.options.length),
    clearFields: indexes.filter((i) => fields[i].hidden === 'clear'),
    readField: fields.map((f) => (f.hidden === 'clear' ? clearGetters(f.segs) : undefined)),
    clearGroups: clearGroupsOf(fields),
    viewReads: viewReadsOf(fields, checks, [...groups.values()]),
    staticOptionIds,
    addingCopy,
    dirtyIndex: createDirtyIndex(rules),
    actionMasks: new Map(),
  };
}

function clearGroupsOf(fields: FieldMeta[]): Array<{ container: string | null; fields: number[] }> {
  const groups = new Map<string | null, number[]>();
  fields.forEach((f, i) => {
    if (f.hidden !== 'clear') return;
    const container = f.segs.length > 1 ? f.segs[0] : null;
    if (!groups.has(container)) groups.set(container, []);
    groups.get(container)!.push(i);
  });
  return [...groups].map(([container, members]) => ({ container, fields: members }));
}

/** Message placeholders (`{path}`) as path segments. */
function placeholders(message: string | undefined): string[][] {
  return [...(message ?? '').matchAll(/\{\$?(?:doc\.)?([\w.]+)\}/g)].map((m) => m[1].split('.'));
}

/**
 * Per field: the view model reads its value beyond rule results: an item list at or around it, or
 * a check elsewhere whose emptiness test or message reads it. Checks on the field itself (or inside
 * it) are left out: they report nothing while it is hidden, and it is emptied only while hidden.
 * Paths that differ in their first segment never overlap, so each field tests only the checks
 * filed under its first segment (and those reading a root or `*` path): the same answer without a
 * pass over every check per field (a browser engine's start, issue 31 item 7).
 */
function viewReadsOf(fields: FieldMeta[], checks: Check[], groups: ItemGroup[]): Uint8Array {
  const read = checks.map((c) => ({ target: c.rule.targetSegs, placeholders: placeholders(c.rule.message) }));
  type Read = (typeof read)[number];
  const byHead = new Map<string, Read[]>();
  const anyHead: Read[] = [];
  for (const r of read) {
    const heads = new Set([r.target, ...r.placeholders].map((segs) => (segs.length === 0 || segs[0] === '*' ? null : segs[0])));
    if (heads.has(null)) anyHead.push(r);
    else
      for (const h of heads) {
        const list = byHead.get(h!);
        if (list) list.push(r);
        else byHead.set(h!, [r]);
      }
  }
  const reads = ({ target, placeholders }: Read, segs: readonly string[]) => {
    if (target.length >= segs.length && pathsOverlap(target, segs)) return false;
    return pathsOverlap(target, segs) || placeholders.some((p) => pathsOverlap(p, segs));
  };
  return Uint8Array.from(fields, ({ segs }) => {
    if (groups.some((g) => pathsOverlap(g.arraySegs, segs))) return 1;
    const candidates = segs.length === 0 || segs[0] === '*' ? read : [...(byHead.get(segs[0]) ?? []), ...anyHead];
    return candidates.some((r) => reads(r, segs)) ? 1 : 0;
  });
}

function messageFormatsOnDemand(rules: CompiledRule[], model: MetadataModel): EngineTables['messageFormatOf'] {
  const made = new Map<number, ReturnType<EngineTables['messageFormatOf']>>();
  return (index) => {
    if (made.has(index)) return made.get(index);
    const r = rules[index];
    const format = r && (r.kind === 'required' || r.kind === 'validate') ? messageFormat(r, model) : undefined;
    made.set(index, format);
    return format;
  };
}

function newItemGroup(r: CompiledRule, model: MetadataModel, fieldIndex: Map<string, number>, blockIndex: Map<string, number>, getters: PathGetters): ItemGroup {
  const ownerPath = r.itemArray!.join('.');
  const owner = model.fieldByPath.get(ownerPath);
  const schema = resolveSchemaPath(model.rootSchema, r.targetSegs, model);
  return {
    ...emptyTargetRules(),
    arraySegs: r.itemArray!,
    fieldSegs: r.itemField!,
    owner: fieldIndex.get(ownerPath) ?? -1,
    block: owner ? (blockIndex.get(owner.block) ?? -1) : -1,
    title: typeof schema?.title === 'string' ? schema.title : r.itemField!.join('.'),
    hidden: owner?.hidden ?? 'skip',
    paths: [],
    readArray: getters(r.itemArray!),
  };
}

function conditionSlot(rule: CompiledRule, getters: PathGetters): ConditionSlot {
  return {
    rule,
    id: rule.id,
    index: rule.index,
    when: rule.whenFn ?? null,
    valid: rule.validFn ?? null,
    itemArray: rule.targetType === 'item' ? rule.itemArray! : null,
    readArray: rule.targetType === 'item' ? getters(rule.itemArray!) : null,
    actions: rule.actions ? new Set(rule.actions) : null,
    lastItems: [],
  };
}
