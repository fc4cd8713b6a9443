import { describe, expect, it } from 'vitest';
import { parseTypedDate } from '../../../src/ui/widgets/parseTypedDate';

describe('parseTypedDate (002 §9 display MM/DD/YYYY, 001 §9 storage YYYY-MM-DD)', () => {
  it.each([
    ['03/04/2024', '2024-03-04'],
    ['3/4/2024', '2024-03-04'],
    [' 12-31-2023 ', '2023-12-31'],
    ['2024-03-04', '2024-03-04'],
    ['2024-3-4', '2024-03-04'],
    ['02/29/2024', '2024-02-29'],
  ])('%s is %s', (text, iso) => expect(parseTypedDate(text)).toBe(iso));

  it.each(['02/29/2023', '13/01/2024', '00/10/2024', '2024/03/04', '03/04/24', 'tomorrow', ''])('%s is no date', (text) => expect(parseTypedDate(text)).toBeNull());
});
