import type { CodeTables, Doc } from '../../ui/form/types';
import { codeTitle } from '../../ui/product/codeTitle';

type Item = Record<string, unknown>;
const list = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : []);

/**
 * Confirmations before saving that are warnings, not refusals (so not rules; see
 * docs/decisions.md "Not expressed as rules"): a panelist state outside a company's
 * states (001 §5 Company search), and state specific checked with states selected (001 §5).
 */
export function editorWarnings(doc: Doc, codes: CodeTables): string[] {
  const out: string[] = [];
  const panelistStates = [...new Set(list(doc.panelists).map((p) => Number(p.stateID)).filter((s) => s && !Number.isNaN(s)))];
  for (const c of list(doc.companies)) {
    const states = Array.isArray(c.co_states) ? c.co_states.map(Number) : [];
    if (!states.length) continue;
    const outside = panelistStates.filter((s) => !states.includes(s));
    if (outside.length) {
      out.push(
        `Panelist state ${outside.map((s) => codeTitle(codes, 'codes/state', s)).join(', ')} is outside the states of ${String(c.companyName)} (${states.map((s) => codeTitle(codes, 'codes/state', s)).join(', ')}).`,
      );
    }
  }
  const selected = Array.isArray(doc.state_province) ? doc.state_province : [];
  if (doc.state_specific === true && selected.length) {
    out.push(`State specific is checked with State Province: ${selected.map((s) => codeTitle(codes, 'codes/state', s)).join(', ')}.`);
  }
  return out;
}
