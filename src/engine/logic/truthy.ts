/** JsonLogic truthiness: like JavaScript, except an empty array is falsy (jsonlogic.com/truthy). */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value) && value.length === 0) return false;
  return !!value;
}
