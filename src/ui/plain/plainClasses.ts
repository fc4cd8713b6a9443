/** Joins the truthy class names (what `classnames` does for the plain components' few cases). */
export function plainClasses(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
