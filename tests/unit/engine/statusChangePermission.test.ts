import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { statusChangePermission } from '../../../src/engine/policy/statusActions';
import type { CodeEntry, CodeTable } from '../../../src/engine/types';

const file = JSON.parse(readFileSync(join(import.meta.dirname, '../../../schemas/codes/product_status.json'), 'utf8')) as Record<string, unknown> & { oneOf: CodeEntry[] };
const table = (annotations: Record<string, unknown> = { 'x-status-permission': file['x-status-permission'] }): CodeTable => ({
  id: 'codes/product_status', file: 'schemas/codes/product_status.json', title: 'Product status', type: 'integer',
  entries: file.oneOf, byValue: new Map(file.oneOf.map((e) => [e.const, e])), annotations,
});

// Issue 26 §5: every status change needs the operation of the action leading to it.
describe('statusChangePermission (codes/product_status)', () => {
  it('a status action needs its own operation, even when the status does not change', () => {
    expect(statusChangePermission(table(), 1, 1, 'approve')).toBe('approve');
    expect(statusChangePermission(table(), 0, 4, 'problem')).toBe('approve');
  });

  it('a change to a status an action sets needs that action’s operation', () => {
    expect(statusChangePermission(table(), 0, 1)).toBe('approve');
    expect(statusChangePermission(table(), 1, -1)).toBe('approve');
  });

  it('a change to a status no action sets (0, 5, 10, 11, 14) needs x-status-permission', () => {
    for (const to of [0, 5, 10, 11, 14]) expect(statusChangePermission(table(), 1, to)).toBe('approve');
    expect(statusChangePermission(table({ 'x-status-permission': 'admin' }), 1, 10)).toBe('admin');
    expect(statusChangePermission(table({}), 1, 10)).toBe('approve');
  });

  it('an unchanged status needs nothing; a new product starts in an x-initial status (New, Temp) with nothing more', () => {
    expect(statusChangePermission(table(), 10, 10)).toBeNull();
    expect(statusChangePermission(table(), undefined, 0)).toBeNull();
    expect(statusChangePermission(table(), undefined, 11)).toBeNull();
    expect(statusChangePermission(table(), undefined, 10)).toBe('approve');
    expect(statusChangePermission(table(), undefined, 1)).toBe('approve');
  });
});
