import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { utcTime, withPureTimezoneItems } from '../../../codegen/pureTimezoneItemsPlugin';
import { projectRoot } from '../../../src/server/paths';

const require = createRequire(import.meta.url);
const common = join(dirname(require.resolve('@blueprintjs/datetime/package.json')), 'lib', 'esm', 'common');
const source = readFileSync(join(common, 'timezoneItems.js'), 'utf8');

describe('Blueprint timezone tables left out of the client (first load of the editor)', () => {
  it('marks the zone tables of the installed @blueprintjs/datetime pure and writes UTC as a constant', () => {
    const out = withPureTimezoneItems(source);
    expect(out).toContain('export const TIMEZONE_ITEMS = /*#__PURE__*/ timezonesWithoutOffset.map(');
    expect(out).toContain('export const MINIMAL_TIMEZONE_ITEMS = /*#__PURE__*/ minimalTimezonesWithoutOffset.map(');
    expect(out).toContain(`export const UTC_TIME = ${JSON.stringify(utcTime)};`);
  });

  it('the constant is what Blueprint computes for UTC, in winter and in summer', async () => {
    const { lookupTimezoneOffset } = (await import(pathToFileURL(join(common, 'timezoneOffsetUtils.js')).href)) as { lookupTimezoneOffset: (tz: object, date?: Date) => object };
    const utc = { label: utcTime.label, ianaCode: utcTime.ianaCode };
    for (const date of [undefined, new Date('2024-01-15T12:00:00Z'), new Date('2024-07-15T12:00:00Z')]) expect(lookupTimezoneOffset(utc, date)).toEqual(utcTime);
  });

  it('refuses a timezoneItems source it was not written for', () => {
    expect(() => withPureTimezoneItems(source.replace('export const TIMEZONE_ITEMS =', 'export let TIMEZONE_ITEMS ='))).toThrow(/changed: review/);
    expect(() => withPureTimezoneItems(source.replace('label: "UTC"', 'label: "Coordinated Universal Time"'))).toThrow(/changed: review/);
  });

  it('the built client (when present) has no timezone table, though the date widget is in it', () => {
    const assets = join(projectRoot, 'dist', 'assets');
    if (!existsSync(assets)) return; // the browser suite builds it; the unit suite may run before
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(assets, f), 'utf8'));
    // The date widget's holiday class proves the date widget is in the bundle.
    expect(scripts.some((s) => s.includes('portal-holiday'))).toBe(true);
    expect(scripts.filter((s) => s.includes('Pacific/Niue'))).toEqual([]);
  });
});
