import passwordSchema from '../../../schemas/admin/password.json';

// The policy lives once, in schemas/admin/password.json; the server (src/server/auth/password.ts)
// enforces it and refuses common passwords with its own message.
export const passwordMinLength = passwordSchema.properties.password.minLength;
export const newPasswordHelp = `At least ${passwordMinLength} characters; common passwords are refused.`;
/** The one rule only the browser can check: the two typings of the new password agree. */
export const passwordsDifferMessage = 'The two new passwords differ.';
