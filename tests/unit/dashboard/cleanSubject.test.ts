import { describe, expect, it } from 'vitest';
import { cleanSubject, truncateText } from '../../../src/app/dashboards/cleanSubject';

// 000 §5 Display.
describe('subject display', () => {
  it('strips backslashes and slashes', () => {
    expect(cleanSubject('50% off \\ today/tomorrow \\/ only')).toBe('50% off  todaytomorrow  only');
    expect(cleanSubject(null)).toBe('');
  });
  it("truncates the list subject at 60 characters with ' . . .'", () => {
    const long = 'x'.repeat(61);
    expect(truncateText(long, 60, ' . . .')).toBe('x'.repeat(60) + ' . . .');
    expect(truncateText('x'.repeat(60), 60, ' . . .')).toBe('x'.repeat(60));
  });
  it("cuts the dedup subject at 125 characters with '...'", () => {
    expect(truncateText('y'.repeat(130), 125, '...')).toBe('y'.repeat(125) + '...');
  });
});
