import type { Plugin } from 'vite';

const file = /@blueprintjs[\\/]datetime[\\/]lib[\\/]esm[\\/]common[\\/]timezoneItems\.js$/;
const tables = ['export const TIMEZONE_ITEMS = timezonesWithoutOffset.map(', 'export const MINIMAL_TIMEZONE_ITEMS = minimalTimezonesWithoutOffset.map('];
const pure = (line: string) => line.replace('= ', '= /*#__PURE__*/ ');

/**
 * @blueprintjs/datetime computes its timezone tables (~100 zones, each offset through two
 * Intl.DateTimeFormat constructions) when the module is evaluated, though only its TimezoneSelect
 * reads them: ~0.15 s of a 4x-throttled first load of the product editor, whose date fields use
 * DatePicker alone. The build marks the two table computations pure, so the bundler drops them
 * where nothing reads them. Checked against the source, so an upgrade that changes the file fails
 * the build here.
 */
export function pureTimezoneItems(): Plugin {
  return {
    name: 'portal-pure-timezone-items',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      return { code: withPureTimezoneItems(code, id), map: null };
    },
  };
}

/** timezoneItems.js with its tables marked pure; throws when the source is not the one reviewed. */
export function withPureTimezoneItems(code: string, id = 'timezoneItems.js'): string {
  let out = code;
  for (const line of tables) {
    if (out.split(line).length !== 2) throw new Error(`${id} changed: review codegen/pureTimezoneItemsPlugin.ts`);
    out = out.replace(line, pure(line));
  }
  return out;
}
