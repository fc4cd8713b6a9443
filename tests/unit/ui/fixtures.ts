import type { BlockSchema, CodeTables } from '../../../src/ui/form/types';

/** Small metadata in the shape of docs/metadata.md, enough to exercise every widget. */
export const codes: CodeTables = {
  'codes/media_channel': {
    $id: 'codes/media_channel',
    type: 'integer',
    oneOf: [
      { const: 1, title: 'Direct Mail' },
      { const: 2, title: 'Print' },
      { const: 3, title: 'Email' },
    ],
  },
  'codes/state': {
    $id: 'codes/state',
    type: 'integer',
    oneOf: [
      { const: 5, title: 'California' },
      { const: 6, title: 'Colorado' },
      { const: 7, title: 'Connecticut' },
    ],
  },
  'codes/product_status': {
    $id: 'codes/product_status',
    type: 'integer',
    oneOf: [
      { const: 1, title: 'Approved', 'x-summary': 'Approved' },
      { const: 2, title: 'Unapproved', 'x-summary': 'UnApproved' },
      { const: 4, title: 'Problem', 'x-summary': 'Problem' },
      { const: 11, title: 'Temp', 'x-summary': 'Temp Product' },
      { const: -1, title: 'Unused', 'x-summary': 'Unused' },
    ],
  },
};

export const mainBlock: BlockSchema = {
  $id: 'product/sections/main',
  title: 'Main',
  type: 'object',
  'x-block': { id: 'main', path: '', order: 10 },
  properties: {
    state_specific: { title: 'State specific', type: 'integer', 'x-ui': { widget: 'checkbox', order: 1, checkboxLabel: 'Yes' } },
    entry_date: { title: 'Entry Date', type: 'string', format: 'date', 'x-ui': { widget: 'date', order: 2, maxDate: 'today' } },
    product_status: { title: 'Product Status', $ref: 'codes/product_status', 'x-ui': { widget: 'select', order: 3 } },
    media_channel: { title: 'Media Channel', $ref: 'codes/media_channel', 'x-ui': { widget: 'select', order: 4 } },
    state_province: { title: 'State', type: 'array', items: { $ref: 'codes/state' }, 'x-ui': { widget: 'chips', order: 5 } },
    headline: { title: 'Product Headline', type: 'string', 'x-ui': { widget: 'text', order: 6, heading: 'Headline' } },
    comment: { title: 'Comment', type: 'string', 'x-ui': { widget: 'textarea', order: 7, maxLength: 500 } },
    strange: { title: 'Strange', type: 'string', 'x-ui': { widget: 'hologram', order: 8 } },
  },
};

export const energyBlock: BlockSchema = {
  $id: 'product/sectors/energy',
  title: 'Energy',
  type: 'object',
  'x-block': { id: 'energy', path: 'energy', order: 300 },
  properties: {
    energy_rate: { title: 'Rate', type: 'number', 'x-ui': { unit: 'kWh', order: 1 } },
    energy_discount: { title: 'Discount', type: 'number', 'x-ui': { widget: 'number', unit: '%', order: 2 } },
    energy_company: { title: 'Company', type: 'string', 'x-ui': { widget: 'picker', lookup: 'company', minChars: 2, debounce: 30, order: 3 } },
    energy_plans: {
      title: 'Plans',
      type: 'array',
      'x-ui': { widget: 'list', order: 4 },
      items: {
        type: 'object',
        properties: {
          plan_name: { title: 'Plan', type: 'string' },
          plan_state: { title: 'Plan state', $ref: 'codes/state' },
        },
      },
    },
  },
};

export const blocks: BlockSchema[] = [energyBlock, mainBlock];
