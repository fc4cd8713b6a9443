import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withPureTimezoneItems } from '../../../codegen/pureTimezoneItemsPlugin';
import { projectRoot } from '../../../src/server/paths';

const require = createRequire(import.meta.url);
const source = readFileSync(join(dirname(require.resolve('@blueprintjs/datetime/package.json')), 'lib', 'esm', 'common', 'timezoneItems.js'), 'utf8');

describe('Blueprint timezone tables left out of the client (first load of the editor)', () => {
  it('marks both table computations of the installed @blueprintjs/datetime pure', () => {
    const out = withPureTimezoneItems(source);
    expect(out).toContain('export const TIMEZONE_ITEMS = /*#__PURE__*/ timezonesWithoutOffset.map(');
    expect(out).toContain('export const MINIMAL_TIMEZONE_ITEMS = /*#__PURE__*/ minimalTimezonesWithoutOffset.map(');
  });

  it('refuses a timezoneItems source it was not written for', () => {
    expect(() => withPureTimezoneItems(source.replace('export const TIMEZONE_ITEMS =', 'export let TIMEZONE_ITEMS ='))).toThrow(/changed: review/);
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
