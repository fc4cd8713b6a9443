import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client/ApiError';
import { sendLinkFailureText } from '../../../src/app/product/widgets/sendLinkFailureText';

describe('sendLinkFailureText', () => {
  it("says 001 §8's 'Error:Something wrong' for a failed send", () => {
    expect(sendLinkFailureText(new ApiError(502, 'The mail server did not accept the message.'))).toBe('Error:Something wrong');
    expect(sendLinkFailureText(new TypeError('Failed to fetch'))).toBe('Error:Something wrong');
  });
  it('adds the mail policy reason to a refusal (400, 429)', () => {
    expect(sendLinkFailureText(new ApiError(429, 'You have sent 30 mails in the last hour.'))).toBe('Error:Something wrong You have sent 30 mails in the last hour.');
    expect(sendLinkFailureText(new ApiError(400, 'x@outside.example is outside the allowed recipient domains.'))).toContain('outside the allowed recipient domains');
  });
});
