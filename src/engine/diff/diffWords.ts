import type { ImpactCounts } from './ImpactReport';

/** A count of the impact table: one of the total's counts, or a list's length. */
export type ImpactRowKey = Exclude<keyof ImpactCounts, 'products' | 'examples'> | 'approvableLost' | 'saveBroken';

/**
 * The words of the rule-change review that are not the changes' own: the Markdown report of
 * `portal rules diff` and the Rule changes screen say the same.
 */
export const diffWords = {
  nothingChanged: 'Nothing but formatting differs: no field, block, rule, message, code or text changed.',
  wordingOnly: 'Wording only',
  wordingNote: 'The logic and messages of these rules are unchanged.',
  impactRows: [
    ['changed', 'Anything'],
    ['visible', 'Visible blocks'],
    ['saveErrors', 'Save errors'],
    ['approveErrors', 'Approval errors'],
    ['derived', 'Derived values'],
    ['approvableLost', 'Would stop being approvable'],
    ['saveBroken', 'Would no longer save'],
  ] as ReadonlyArray<readonly [ImpactRowKey, string]>,
  approvedLost: '… of which already Approved',
  approvableLostWhy: 'They pass every approval check under the old rules and fail under the new ones.',
  saveBrokenWhy: 'They save without errors under the old rules and not under the new ones.',
  checked: (products: number, seconds: number) => `${products} products checked under both versions (save and approve) in ${seconds.toFixed(1)} s.`,
} as const;
