/** A JsonLogic operation: a plain object with exactly one key (anything else is a literal). */
export function isLogic(logic: unknown): logic is Record<string, unknown> {
  if (typeof logic !== 'object' || logic === null || Array.isArray(logic)) return false;
  let n = 0;
  for (const k in logic) if (Object.prototype.hasOwnProperty.call(logic, k) && ++n > 1) return false;
  return n === 1;
}

export function operatorOf(logic: Record<string, unknown>): string {
  return Object.keys(logic)[0];
}

/** The operation's arguments, wrapped in an array for the unary shorthand `{"var": "x"}`. */
export function argsOf(logic: Record<string, unknown>): unknown[] {
  const v = logic[operatorOf(logic)];
  return Array.isArray(v) ? v : [v];
}
