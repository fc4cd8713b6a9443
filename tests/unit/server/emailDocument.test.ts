import { describe, expect, it } from 'vitest';
import { emailDocument } from '../../../src/server/forward/emailDocument';

// 000 §9: dates show as MM/DD/YYYY hh:mm:ss AM/PM; the processed HTML and PDF's heading too (it showed ISO 8601).
describe('emailDocument', () => {
  it("dates its heading in 000 §9's format, in UTC and saying so", () => {
    const html = emailDocument({ subject: 'S', from: 'a@example.com', date: '2002-10-08T13:27:40.000Z', body: '<p>b</p>' });
    expect(html).toContain('<th style="text-align:left;padding-right:12px">Date</th><td>10/08/2002 01:27:40 PM UTC</td>');
    expect(emailDocument({ subject: 'S', from: 'a@example.com', date: '', body: '' })).toContain('<th style="text-align:left;padding-right:12px">Date</th><td></td>');
  });
});
