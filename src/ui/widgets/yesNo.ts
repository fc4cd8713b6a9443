/** The summary text of a yes/no flag: Yes when equal to 1 (or true), else No (001 §2, 002 §2). */
export function yesNo(value: unknown): 'Yes' | 'No' {
  return value === 1 || value === '1' || value === true ? 'Yes' : 'No';
}
