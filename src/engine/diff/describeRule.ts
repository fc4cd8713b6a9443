import { describeLogic } from '../explain/describeLogic';
import { pathWords } from '../explain/pathWords';
import type { OpRegistry } from '../logic/OpRegistry';
import type { MetadataModel } from '../model/MetadataModel';
import type { RuleDef } from '../types';

/** A block, field or item-field title for a rule target; the target itself when the model has none. */
export function targetTitle(target: string, model: MetadataModel): string {
  const block = model.blockById.get(target);
  if (block) return block.title;
  const field = model.fieldByPath.get(target);
  if (field) return field.title;
  return pathWords(target, model);
}

/** The items an item rule (`promotion.promotions.*.buy_x`) is evaluated on: its `when` names their fields. */
export const itemScopeOf = (target: string): string | undefined => (target.includes('.*') ? target.slice(0, target.lastIndexOf('.*') + 2) : undefined);

/** The actions a check belongs to in words: "approve", "save, approve, unapprove". */
export const actionList = (actions: readonly string[] | undefined): string =>
  actions && actions.length ? actions.map((a) => a.replace(/_/g, ' ')).join(', ') : 'any action';

/**
 * A whole rule in plain words, with field and code titles from `model`:
 * "Delivery shows when Media channel is Direct Mail (1) and Audience is one of ...".
 */
export function describeRule(rule: RuleDef, model: MetadataModel, ops?: OpRegistry): string {
  const scope = itemScopeOf(String(rule.target ?? ''));
  const words = (logic: unknown, subject?: string) => describeLogic(logic, model, { ops, scope, subject });
  const target = targetTitle(String(rule.target ?? ''), model);
  const when = rule.when !== undefined ? ` when ${words(rule.when)}` : '';
  switch (rule.kind) {
    case 'visible':
      return `${target} shows${when || ' always'}`;
    case 'readonly':
      return `${target} is read-only${when || ' always'}`;
    case 'label':
      return `${target} is labelled "${rule.label ?? ''}"${when}`;
    case 'required':
      return `${target} is required to ${actionList(rule.actions)}${when}${rule.message ? `, else "${rule.message}"` : ''}`;
    case 'validate':
      return `To ${actionList(rule.actions)}${when}: ${rule.valid !== undefined ? words(rule.valid) : 'always'} must hold, else "${rule.message ?? ''}"`;
    case 'derive':
      return `${target} becomes ${rule.value !== undefined ? words(rule.value, String(rule.target ?? '')) : 'nothing'}${when}`;
    case 'options':
      return `${target} offers only the options where ${rule.filter !== undefined ? words(rule.filter) : 'always'}`;
    default:
      return `${String(rule.kind)} rule on ${target}${when}`;
  }
}
