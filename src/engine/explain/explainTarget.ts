import type { Engine } from '../evaluate/Engine';
import { truthy } from '../logic/truthy';
import type { CodeEntry, CompiledRule, EvaluateOptions, FieldState } from '../types';
import { actionList, describeRule, itemScopeOf } from '../diff/describeRule';
import { describeLogic, traceWords } from './describeLogic';
import type { ExplainedRule, Explanation, TraceNode } from './Explanation';
import { traceLogic, whyOf } from './traceLogic';

const parts = ['when', 'valid', 'value', 'filter'] as const;

/**
 * The rules deciding a block or field, each with its json-logic annotated with actual values, and
 * a trace in words: "Delivery hidden: rule delivery.visible: media_channel is 2, needs == 1".
 */
export function explainTarget(engine: Engine, doc: unknown, target: string, opts: EvaluateOptions): Explanation {
  const vm = engine.evaluate(doc, opts);
  const inputs = engine.inputsOf(vm)!;
  const { model } = engine;
  const block = model.blockById.get(target);
  const field = model.fieldByPath.get(target);
  const isField = !!field || (!block && target in vm.fields);
  const itemPattern = target.split('.').map((s) => (/^\d+$/.test(s) ? '*' : s)).join('.');
  const compile = (l: unknown) => engine.compile(l);

  const relevant = engine.rules.filter((r) => r.target === target || (r.targetType === 'item' && r.target === itemPattern));
  const explained: ExplainedRule[] = relevant.map((r) => explainRule(r, target, inputs.data, inputs.ctx, compile, engine));

  const lines: string[] = [];
  if (!isField && block) {
    const state = vm.blocks[block.id];
    const label = state.label;
    const parent = block.parent ? model.blockById.get(block.parent) : undefined;
    const parentHidden = !!parent && !vm.blocks[parent.id].visible;
    const hiddenBy = parentHidden ? engine.explain(doc, parent.id, opts) : undefined;
    if (hiddenBy) {
      lines.push(`${label} hidden: parent block ${parent!.id} (${vm.blocks[parent!.id].label}) is hidden`);
      lines.push(...hiddenBy.trace.split('\n').map((l) => `  ${l}`));
    }
    const vis = explained.filter((e) => e.kind === 'visible');
    if (!vis.length && !parentHidden) lines.push(`${label} ${state.visible ? 'shown' : 'hidden'}: no visibility rule`);
    for (const e of vis) {
      lines.push(parentHidden ? `${label}: rule ${e.id} ${e.outcome ? 'holds' : 'fails'}: ${e.why}` : `${label} ${e.outcome ? 'shown' : 'hidden'}: rule ${e.id}: ${e.why}`);
    }
    for (const e of explained.filter((x) => x.kind === 'readonly' && x.outcome)) lines.push(`${label} read-only: rule ${e.id}: ${e.why}`);
    for (const e of explained.filter((x) => x.kind === 'validate' && x.outcome)) lines.push(`${label} error: rule ${e.id}: ${e.why}`);
    return { target, kind: 'block', label, state, rules: explained, trace: lines.join('\n'), ...(hiddenBy ? { hiddenBy } : {}) };
  }

  const state = vm.fields[target] as FieldState | undefined;
  const label = state?.label ?? field?.title ?? target;
  let hiddenBy: Explanation | undefined;
  if (field) {
    const b = vm.blocks[field.block];
    if (b && !b.visible) {
      hiddenBy = engine.explain(doc, field.block, opts);
      lines.push(`${label} hidden: block ${field.block} (${b.label}) is hidden`, ...hiddenBy.trace.split('\n').map((l) => `  ${l}`));
    }
  }
  for (const e of explained) {
    switch (e.kind) {
      case 'visible': lines.push(`${label} ${e.outcome ? 'shown' : 'hidden'}: rule ${e.id}: ${e.why}`); break;
      case 'required': lines.push(`${label} ${e.why} (rule ${e.id})`); break;
      case 'readonly': lines.push(`${label} ${e.outcome ? 'read-only' : 'editable'}: rule ${e.id}: ${e.why}`); break;
      case 'label': if (e.outcome) lines.push(`${label} labelled by rule ${e.id}: ${e.why}`); break;
      case 'validate': lines.push(`${label} ${e.outcome ? 'fails' : 'passes'} rule ${e.id}: ${e.why}`); break;
      case 'derive': lines.push(`${label} ${e.outcome ? 'derived' : 'not derived'} by rule ${e.id}: ${e.why}`); break;
      case 'options': lines.push(`${label} options: rule ${e.id} keeps ${e.why}`); break;
    }
  }
  if (!explained.length && !lines.length) lines.push(`${label}: no rule targets it${state ? (state.visible ? ' (shown)' : ' (hidden)') : ''}`);
  for (const err of state?.errors ?? []) lines.push(`${label} error (${err.rule}): ${err.message}`);
  if (target in vm.derived) lines.push(`${label} becomes ${traceWords(model, { ops: engine.ops }).value(vm.derived[target], { var: target })}`);
  return { target, kind: 'field', label, state, rules: explained, trace: lines.join('\n'), ...(hiddenBy ? { hiddenBy } : {}) };
}

function explainRule(
  r: CompiledRule, target: string, data: unknown, ctx: Parameters<typeof traceLogic>[2],
  compile: (l: unknown) => ReturnType<Engine['compile']>, engine: Engine,
): ExplainedRule {
  // Item rules are traced against the item the target path names.
  let scope = data;
  if (r.targetType === 'item') {
    const idx = target.split('.')[r.itemArray!.length];
    const list = r.itemArray!.reduce<unknown>((d, s) => (d as Record<string, unknown> | undefined)?.[s], data);
    scope = Array.isArray(list) ? list[Number(idx)] : undefined;
  }
  const scopeOf = r.targetType === 'item' ? itemScopeOf(r.target) : undefined;
  const say = traceWords(engine.model, { ops: engine.ops, scope: scopeOf });
  const trees: ExplainedRule['trees'] = {};
  for (const p of parts) if (r[p] !== undefined && r.kind !== 'options') trees[p] = traceLogic(r[p], scope, ctx, compile);
  const whenHolds = trees.when ? truthy(trees.when.value) : true;
  let outcome: unknown = whenHolds;
  let why = trees.when ? whyOf(trees.when, say) : 'always';
  if (r.kind === 'validate') {
    const valid = trees.valid ? truthy(trees.valid.value) : true;
    outcome = whenHolds && !valid;
    why = !whenHolds ? `does not apply: ${why}` : `${valid ? 'valid' : 'invalid'}: ${trees.valid ? whyOf(trees.valid, say) : ''}${outcome && r.message ? ` -> "${r.message}"` : ''}`;
  } else if (r.kind === 'required') {
    // A check belongs to actions: "required to approve", never "always".
    const to = `required to ${actionList(r.actions)}`;
    why = !trees.when ? to : whenHolds ? `${to}: ${why}` : `not required: ${why}`;
  } else if (r.kind === 'derive') {
    why = whenHolds ? `${why}; becomes ${say.value(trees.value?.value ?? null, { var: r.target })}` : `does not apply: ${why}`;
  } else if (r.kind === 'options') {
    const table = engine.model.fieldByPath.get(r.target)?.codeTable;
    const entries: CodeEntry[] = table?.entries ?? [];
    const fn = r.filterFn;
    const kept = fn ? entries.filter((e) => truthy(fn({ option: e, doc: data }, ctx))) : entries;
    outcome = kept.map((e) => e.const);
    why = `${kept.length} of ${entries.length}: ${kept.map((e) => `${e.title} (${e.const})`).join(', ') || 'none'}`;
    trees.filter = { logic: r.filter, scoped: true } as TraceNode;
  }
  const describe = (l: unknown) => describeLogic(l, engine.model, { ops: engine.ops, scope: scopeOf, subject: r.kind === 'derive' ? r.target : undefined });
  const logic = r.kind === 'options' ? r.filter : r.kind === 'validate' ? (r.when ? { and: [r.when, r.valid] } : r.valid) : r.kind === 'derive' ? r.value : r.when;
  return {
    id: r.id, kind: r.kind, source: r.source, file: r.file, jsonPath: r.jsonPath, outcome, trees,
    words: r.kind === 'required'
      ? `required to ${actionList(r.actions)}${r.when !== undefined ? ` when ${describe(r.when)}` : ''}`
      : r.kind === 'derive' || r.kind === 'validate' ? describeRule(r, engine.model, engine.ops)
      : logic === undefined ? 'always' : describe(logic),
    why,
  };
}
