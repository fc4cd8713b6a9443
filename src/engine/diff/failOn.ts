import type { ImpactReport } from './ImpactReport';
import type { MetadataChange } from './MetadataChange';

/** Conditions `rules diff --fail-on` can gate a CI job on. */
export const failOnConditions = {
  'approvable-lost': 'an Approved product (status 1) passes approval under <from> and fails it under <to>',
  'any-impact': 'any product changes (visible blocks, save errors, approval errors or derived values)',
  'save-errors': 'a product that saves without errors under <from> gets save errors under <to>',
  'any-change': 'the metadata changed in meaning at all (a rule description or spec source reworded is not a change in meaning)',
} as const;

export type FailOnCondition = keyof typeof failOnConditions;

export function isFailOnCondition(s: string): s is FailOnCondition {
  return Object.prototype.hasOwnProperty.call(failOnConditions, s);
}

/** The conditions that hold for this report, each with its reason in plain words. */
export function failingConditions(conditions: readonly FailOnCondition[], changes: MetadataChange[], impact: ImpactReport | null): string[] {
  const out: string[] = [];
  for (const c of conditions) {
    switch (c) {
      case 'any-change': {
        const meaningful = changes.filter((ch) => ch.effect !== 'wording').length;
        if (meaningful) out.push(`any-change: ${meaningful} change(s)`);
        break;
      }
      case 'approvable-lost':
        if (impact && impact.approvedLost > 0) out.push(`approvable-lost: ${impact.approvedLost} approved product(s) would fail approval`);
        break;
      case 'any-impact':
        if (impact && impact.total.changed > 0) out.push(`any-impact: ${impact.total.changed} product(s) change`);
        break;
      case 'save-errors':
        if (impact && impact.saveBrokenTotal > 0) out.push(`save-errors: ${impact.saveBrokenTotal} product(s) would no longer save`);
        break;
    }
  }
  return out;
}
