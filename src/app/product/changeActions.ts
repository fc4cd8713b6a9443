import type { Engine } from '../../engine';

/**
 * Fields whose change runs a check of its own: rules with a `change_<field>` action (e.g.
 * `change_offer_expiry_date`), by target field. Data-driven: a new `change_` rule needs no code.
 */
export function changeActions(engine: Engine): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of engine.rules) for (const a of r.actions ?? []) if (a.startsWith('change_')) out.set(r.target, a);
  return out;
}
