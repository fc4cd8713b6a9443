import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FieldModel } from '../../../src/ui/form/formModel';
import { productEntries } from '../../../src/app/product/widgets/productEntries';
import { defaultEntries, unknownEntry } from '../../../src/ui/registry/defaultEntries';
import { pickEntry } from '../../../src/ui/registry/fieldRegistry';

const meta = JSON.parse(readFileSync(join(import.meta.dirname, '../../../schemas/meta/field-schema.schema.json'), 'utf8')) as {
  properties: { 'x-ui': { properties: { widget: { enum: string[] } } } };
};
const lintedNames = meta.properties['x-ui'].properties.widget.enum;

/** A field that names a widget and says nothing else, so only the name can pick the entry. */
const fieldNaming = (widget: string): FieldModel => ({ path: 'f', key: 'f', blockId: 'b', schema: {}, ui: { widget }, title: 'F', multiple: false, index: 0 });
const entries = [...productEntries, ...defaultEntries];

describe('x-ui.widget names: what `rules lint` accepts is what the editor draws', () => {
  it('every name the meta-schema allows picks a registered entry, not Unknown', () => {
    const unresolved = lintedNames.filter((name) => pickEntry(entries, fieldNaming(name), unknownEntry) === unknownEntry);
    expect(unresolved).toEqual([]);
  });

  it('every entry chosen by name (and its aliases) is allowed by the meta-schema', () => {
    const named = entries.flatMap((e) => [e.name, ...(e.aliases ?? [])]).filter((name) => pickEntry(entries, fieldNaming(name), unknownEntry) !== unknownEntry);
    expect(named.filter((n) => !lintedNames.includes(n))).toEqual([]);
  });
});
