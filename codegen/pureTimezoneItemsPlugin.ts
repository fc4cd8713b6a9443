import type { Plugin } from 'vite';

const file = /@blueprintjs[\\/]datetime[\\/]lib[\\/]esm[\\/]common[\\/]timezoneItems\.js$/;
const tables = ['export const TIMEZONE_ITEMS = timezonesWithoutOffset.map(', 'export const MINIMAL_TIMEZONE_ITEMS = minimalTimezonesWithoutOffset.map('];
const pure = (line: string) => line.replace('= ', '= /*#__PURE__*/ ');
const utcLookup = 'export const UTC_TIME = lookupTimezoneOffset(utcWithoutOffset);';
/** What lookupTimezoneOffset gives for UTC on any date (a unit test compares them). */
export const utcTime = { label: 'UTC', ianaCode: 'Etc/UTC', offset: '+00:00' };
const utcConstant = `export const UTC_TIME = ${JSON.stringify(utcTime)};`;

/**
 * @blueprintjs/datetime computes its timezone tables (UTC and ~100 zones, each offset through two
 * Intl.DateTimeFormat constructions; the first also loads the time zone data) when the module is
 * evaluated, though only its TimezoneSelect reads the zones: ~0.15 s of a 4x-throttled first load
 * of the product editor, whose date fields use DatePicker alone. The build marks the zone tables
 * pure, so the bundler drops them where nothing reads them, and writes UTC's entry, which the
 * picker does read, as the constant it always is. Checked against the source, so an upgrade that
 * changes the file fails the build here.
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

/** timezoneItems.js with its tables pure and UTC's entry a constant; throws when the source is not the one reviewed. */
export function withPureTimezoneItems(code: string, id = 'timezoneItems.js'): string {
  const changed = () => new Error(`${id} changed: review codegen/pureTimezoneItemsPlugin.ts`);
  if (code.split(utcLookup).length !== 2 || !code.includes(`const utcWithoutOffset = { label: "${utcTime.label}", ianaCode: "${utcTime.ianaCode}" };`)) throw changed();
  let out = code.replace(utcLookup, utcConstant);
  for (const line of tables) {
    if (out.split(line).length !== 2) throw changed();
    out = out.replace(line, pure(line));
  }
  return out;
}
