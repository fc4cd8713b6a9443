import { describe, expect, it } from 'vitest';
import { formatUsDate, formatUsDateTime } from '../../../src/ui/widgets/formatUsDate';
import { yesNo } from '../../../src/ui/widgets/yesNo';
import { getAt, setAt } from '../../../src/ui/form/pathValue';

describe('summary formatters', () => {
  it('yes/no flags show Yes when equal to 1, else No (002 §2)', () => {
    expect(yesNo(1)).toBe('Yes');
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(0)).toBe('No');
    expect(yesNo(2)).toBe('No');
    expect(yesNo(undefined)).toBe('No');
  });

  it('activity log instants show as local MM/DD/YYYY h:mm AM/PM (002 §5)', () => {
    const at = new Date(2024, 4, 1, 15, 7).toISOString();
    expect(formatUsDateTime(at)).toBe('05/01/2024 3:07 PM');
    expect(formatUsDateTime(new Date(2024, 0, 9, 0, 30).toISOString())).toBe('01/09/2024 12:30 AM');
    expect(formatUsDateTime('yesterday')).toBe('yesterday');
  });

  it('dates show as MM/DD/YYYY', () => {
    expect(formatUsDate('2024-05-01')).toBe('05/01/2024');
    expect(formatUsDate('2024-05-01T10:00:00')).toBe('05/01/2024');
    expect(formatUsDate(undefined)).toBe('');
    expect(formatUsDate('n/a')).toBe('n/a');
  });
});

describe('path values', () => {
  it('reads and writes dotted paths, copying only the path', () => {
    const doc = { a: { b: 1 }, c: { d: 2 }, list: [{ x: 1 }] };
    const next = setAt(doc, 'a.b', 5);
    expect(getAt(next, 'a.b')).toBe(5);
    expect(next.c).toBe(doc.c);
    expect(doc.a.b).toBe(1);
    const withItem = setAt(doc, 'list.0.x', 9);
    expect(Array.isArray(withItem.list)).toBe(true);
    expect(getAt(withItem, 'list.0.x')).toBe(9);
    expect(getAt(setAt(doc, 'new.key', 'v'), 'new.key')).toBe('v');
    expect('b' in (setAt(doc, 'a.b', undefined).a as object)).toBe(false);
  });
});
