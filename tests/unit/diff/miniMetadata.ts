import type { Metadata } from '../../../src/engine/types';

/** A small metadata set (two code tables, two blocks, a few rules) for diff tests. */
export function miniMetadata(): Metadata {
  return {
    files: {
      'schemas/codes/media_channel.json': {
        $id: 'codes/media_channel', title: 'Media channel', type: 'integer', 'x-source': '001 §9',
        oneOf: [{ const: 1, title: 'Direct Mail' }, { const: 2, title: 'Print' }, { const: 3, title: 'Email' }],
      },
      'schemas/codes/audience.json': {
        $id: 'codes/audience', title: 'Audience', type: 'integer', 'x-source': '002 §9',
        oneOf: [{ const: 1, title: 'Consumer' }, { const: 2, title: 'Employee / Business Owner' }, { const: 5, title: 'Consumer and Business' }],
      },
      'schemas/product/sections/main.json': {
        $id: 'product/sections/main', title: 'Main', type: 'object',
        'x-block': { id: 'main', path: '', order: 10, hidden: 'skip', source: '001 §2' },
        properties: {
          media_channel: { title: 'Media Channel', $ref: 'codes/media_channel', 'x-ui': { widget: 'select', order: 1 } },
          audience: { title: 'Audience', $ref: 'codes/audience', 'x-ui': { widget: 'select', order: 2 } },
          entry_date: { title: 'Entry Date', type: 'string', format: 'date', 'x-ui': { widget: 'date', order: 3 } },
          panelists: { title: 'Panelists', type: 'array', items: { type: 'object', properties: { pp_date: { title: 'Date', type: 'string' } } } },
        },
      },
      'schemas/product/sectors/delivery.json': {
        $id: 'product/sectors/delivery', title: 'Delivery', type: 'object',
        'x-block': { id: 'delivery', path: 'delivery', order: 300, hidden: 'clear', source: '002 §3 Delivery' },
        properties: { delivery_method: { title: 'Delivery Method', type: 'integer', 'x-ui': { widget: 'select', order: 1, requiredMark: true } } },
      },
      'rules/product/rules.json': {
        rules: [
          { id: 'delivery.visible', kind: 'visible', target: 'delivery', source: '002 §2', when: { and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, [1, 2, 5]] }] } },
          { id: 'entry_date.required', kind: 'required', target: 'entry_date', actions: ['save', 'approve'], source: '001 §5' },
          { id: 'entry_date.not_future', kind: 'validate', target: 'entry_date', actions: ['save', 'approve'], message: 'Entry Date cannot be in the future', valid: { '!': { date_gt: [{ var: 'entry_date' }, { var: '$now' }] } }, source: '001 §5' },
          { id: 'delivery.method.required', kind: 'required', target: 'delivery.delivery_method', actions: ['approve'], source: '002 §5' },
        ],
      },
    },
  };
}

type Obj = Record<string, unknown>;

/** A deep copy of the metadata with `edit` applied to the parsed files. */
export function edited(m: Metadata, edit: (files: Record<string, Obj>) => void): Metadata {
  const files = structuredClone(m.files) as Record<string, Obj>;
  edit(files);
  return { files };
}

export function ruleIn(files: Record<string, Obj>, id: string): Obj {
  for (const [name, content] of Object.entries(files)) {
    if (!name.startsWith('rules/')) continue;
    const r = ((content.rules as Obj[] | undefined) ?? []).find((x) => x.id === id);
    if (r) return r;
  }
  throw new Error(`no rule ${id}`);
}
