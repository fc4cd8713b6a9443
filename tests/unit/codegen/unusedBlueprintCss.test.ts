import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropUnusedBlueprintCss, unusedBlueprintComponents } from '../../../codegen/unusedBlueprintCss';

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve('../../../package.json')));

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? files(path, ext) : ext.test(f) ? [path] : [];
  });
}

/** `slider` → `SLIDER`, `segmented-control` → `SEGMENTED_CONTROL`: Blueprint's Classes constant of a class. */
const constantOf = (cls: string) => cls.toUpperCase().replace(/-/g, '_');

/** Runs the plugin on one rule; returns the selectors left, or null when the rule was removed. */
function filtered(selectors: string[]): string[] | null {
  const rule = { selectors, removed: false, remove() { this.removed = true; } };
  dropUnusedBlueprintCss.Rule(rule);
  return rule.removed ? null : rule.selectors;
}

describe('Blueprint CSS the build drops (codegen/unusedBlueprintCss.ts, issue 31 item 7)', () => {
  it('is for components src never draws: no import, Classes constant or class name of theirs', () => {
    const sources = files(join(root, 'src'), /\.tsx?$/).map((f) => ({ f: relative(root, f), text: readFileSync(f, 'utf8') }));
    const found: string[] = [];
    for (const [name, c] of Object.entries(unusedBlueprintComponents)) {
      for (const { f, text } of sources) {
        for (const imp of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@blueprintjs\/[^']+'/g)) {
          const names = imp[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]);
          for (const e of c.exports) if (names.includes(e)) found.push(`${f} imports ${e} (${name})`);
        }
        for (const cls of c.classes) {
          if (new RegExp(`Classes\\.${constantOf(cls)}(?![A-Z0-9])`).test(text)) found.push(`${f} uses Classes.${constantOf(cls)} (${name})`);
          if (new RegExp(`bp6-${cls}(?![a-z0-9])`).test(text)) found.push(`${f} names bp6-${cls} (${name})`);
        }
      }
    }
    expect(found, 'take the component off codegen/unusedBlueprintCss.ts: its CSS is dropped from the build').toEqual([]);
  });

  it("is drawn by no other Blueprint component (core, select, table, datetime): their classes appear only in the components' own files", () => {
    const own = /\/(slider|tree|breadcrumbs|segmented-control|drawer|editable-text|panel-stack2?|overflow-list|card-list|entity-title)\/|\/forms\/numericInput|\/dialog\/(multistepDialog|dialogStep|dialogStepButton)\.|\/tag\/compoundTag\./;
    const libs = ['core', 'select', 'table', 'datetime'].map((p) => join(dirname(require.resolve(`@blueprintjs/${p}/package.json`)), 'lib', 'esm'));
    const users: string[] = [];
    const constants = Object.values(unusedBlueprintComponents).flatMap((c) => c.classes.map(constantOf));
    const uses = new RegExp(`Classes\\.(${constants.join('|')})(?![A-Z0-9])`);
    for (const lib of libs) for (const f of files(lib, /\.js$/)) if (!own.test(f) && uses.test(readFileSync(f, 'utf8'))) users.push(relative(root, f));
    expect(users).toEqual([]);
  });

  it("drops a rule only when every selector is one of those components', and keeps the other selectors of a list", () => {
    expect(filtered(['.bp6-slider-handle .bp6-icon'])).toBeNull();
    expect(filtered(['.bp6-compound-tag', '.bp6-tag.bp6-minimal'])).toEqual(['.bp6-tag.bp6-minimal']);
    expect(filtered(['.bp6-card-list:not(.bp6-card-list-bordered)'])).toBeNull();
    // A class inside :not() styles what is drawn; a longer name is another class.
    expect(filtered(['.bp6-button:not(.bp6-tree)'])).toEqual(['.bp6-button:not(.bp6-tree)']);
    expect(filtered(['.bp6-treeview', '.bp6-tag'])).toEqual(['.bp6-treeview', '.bp6-tag']);
    expect(filtered(['.bp6-panel-stack2-view', '.bp6-drawer .bp6-dialog-header'])).toBeNull();
  });
});
