import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../src/server/paths';

/**
 * The metadata of the run's shared portal `alteredMetadata` (sharedServers.ts): a copy of the
 * project's `schemas/` and `rules/` with the changes an analyst makes as files only, each read by
 * one browser file. They touch different things, so one portal serves those files.
 */
export function writeAlteredMetadata(dir: string): void {
  for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(dir, sub), { recursive: true });
  unusedNeedsAComment(dir);
  addContactPhones(dir);
  addPetCare(dir);
  junkNotSelectable(dir);
  rewordLostUpdate(dir);
  rewordCopyPanel(dir);
}

function editJson<T>(dir: string, file: string, change: (json: T) => void): void {
  const path = join(dir, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as T;
  change(json);
  writeFileSync(path, JSON.stringify(json, null, 2));
}

/** The Unused action's new label (metadataFirst.test.ts). */
export const unusedLabel = 'Unused (with comment)';

/**
 * One status action's annotation changed (codes/product_status, `x-action` of Unused): a new label,
 * and Unused now also runs the problem rules (a comment is needed).
 */
function unusedNeedsAComment(dir: string): void {
  type StatusEntry = { const: number; title: string; 'x-action'?: { name: string; label: string; rules: string[] } };
  editJson<{ oneOf: StatusEntry[] }>(dir, 'schemas/codes/product_status.json', (table) => {
    const unused = table.oneOf.find((e) => e['x-action']?.name === 'unused')!['x-action']!;
    unused.label = unusedLabel;
    unused.rules = ['save', 'unused', 'problem'];
  });
}

/** The item rule's message of the list field (productListAsMetadata.test.ts). */
export const phoneMessage = 'Contact phone numbers look like 555-1234';

/**
 * A list field: `contact_phones` (objects with a label and a number) in the Comment block's schema,
 * and an item rule on its numbers. No x-ui widget is named: the registry picks the generic list for
 * an array of objects.
 */
function addContactPhones(dir: string): void {
  editJson<{ properties: Record<string, unknown> }>(dir, 'schemas/product/sections/comment.json', (block) => {
    block.properties.contact_phones = {
      type: 'array',
      title: 'Contact Phones',
      items: {
        type: 'object',
        properties: {
          phone_label: { type: 'string', title: 'Phone Label', 'x-ui': { order: 1 } },
          phone_number: { type: 'string', title: 'Phone Number', 'x-ui': { order: 2 } },
        },
      },
      'x-ui': { order: 2 },
    };
  });
  writeFileSync(
    join(dir, 'rules/product/contact_phones.json'),
    JSON.stringify({
      rules: [
        {
          id: 'contact_phones.number_format', kind: 'validate', target: 'contact_phones.*.phone_number', actions: ['save', 'approve'], source: 'test: a list field as files only',
          valid: { matches: [{ var: 'phone_number' }, '^\\d{3}-\\d{4}$'] }, message: phoneMessage,
        },
      ],
    }),
  );
}

/**
 * A sector (the engine issue's Pet Care fixture, plus a category so the editor can form a two-level
 * chain): code-table entries, a sub-form schema, a gate and a rule (productNewSector.test.ts).
 */
function addPetCare(dir: string): void {
  editJson<{ oneOf: unknown[] }>(dir, 'schemas/codes/sectors.json', (t) => t.oneOf.push({ const: 9001, title: 'Pet Care', 'x-key': 'pet_care' }));
  editJson<{ oneOf: unknown[] }>(dir, 'schemas/codes/categories.json', (t) => t.oneOf.push({ const: 9002, title: 'Pet Insurance', 'x-key': 'pet_insurance', 'x-parent': 9001 }));
  writeFileSync(
    join(dir, 'schemas/product/sectors/pet_care.json'),
    JSON.stringify({
      $id: 'product/sectors/pet_care',
      title: 'Pet Care',
      type: 'object',
      'x-block': { id: 'pet_care', path: 'pet_care', order: 900, hidden: 'clear', source: 'test: new sector as files only' },
      properties: {
        pet_type: { title: 'Pet Type', type: 'string', 'x-ui': { widget: 'text', order: 1 } },
        monthly_fee: { title: 'Monthly Fee', type: 'string', 'x-ui': { widget: 'text', unit: '$', order: 2 } },
        vet_network: { title: 'Vet Network', type: 'integer', enum: [0, 1], 'x-ui': { widget: 'checkbox', order: 3 } },
      },
    }),
  );
  writeFileSync(
    join(dir, 'rules/product/pet_care.json'),
    JSON.stringify({
      rules: [
        { id: 'pet_care.visible', kind: 'visible', target: 'pet_care', source: 'test', when: { chain_any: [{ var: 'sectors' }, [9001], 1] } },
        {
          id: 'pet_care.pet_type', kind: 'validate', target: 'pet_care.pet_type', actions: ['approve'], source: 'test',
          valid: { '!': { empty: { var: 'pet_care.pet_type' } } }, message: 'Please enter the pet type',
        },
      ],
    }),
  );
}

/** The reworded refusal of a status that is not selectable (triage.test.ts). */
export const junkRefusal = 'Junk can not be chosen on this desk.';

/** Junk (spacey) is no longer selectable on the dashboards, and its refusal is reworded. */
function junkNotSelectable(dir: string): void {
  editJson<{ oneOf: Array<Record<string, unknown>> }>(dir, 'schemas/codes/email_status.json', (table) => {
    const junk = table.oneOf.find((e) => e['x-key'] === 'junk');
    if (!junk) throw new Error('no junk status');
    junk['x-selectable'] = false;
  });
  editJson<{ messages: Record<string, string> }>(dir, 'schemas/dashboards/emails.json', (emails) => {
    emails.messages.statusNotSelectable = junkRefusal;
  });
}

/** The reworded refusal of a save from an older copy of another tab, and the button that loads that change (metadataFirst.test.ts). */
export const otherTabRefusal = 'Another tab of yours saved this product at {at} (UTC). Nothing was saved here.';
export const loadOtherTab = 'Load the other tab with my edits';

/** An analyst rewords the two-editors texts (x-messages of rules/product/validation-save.json). */
function rewordLostUpdate(dir: string): void {
  editJson<{ 'x-messages': Record<string, string> }>(dir, 'rules/product/validation-save.json', (file) => {
    file['x-messages'].lostUpdateOwn = otherTabRefusal;
    file['x-messages'].lostUpdateLoad = loadOtherTab;
  });
}

/** The Copy panel's reworded title ({muid}) and first button (metadataFirst.test.ts). */
export const copyPanelTitle = 'Copy {muid} is on file already';
export const copyPanelOpen = 'Go to its product';

/** An analyst rewords the Copy panel of Manage Product (messages of schemas/dashboards/emails.json). */
function rewordCopyPanel(dir: string): void {
  editJson<{ messages: Record<string, string> }>(dir, 'schemas/dashboards/emails.json', (emails) => {
    emails.messages.cataloguedElsewhere = copyPanelTitle;
    emails.messages.openItsProduct = copyPanelOpen;
  });
}
