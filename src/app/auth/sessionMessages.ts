/** Exact user-facing texts of 000 §2, §6 and §8. */
export const sessionMessages = {
  expired: 'Your session has expired, please login again',
  loggedOut: 'You have been logged out, please login again',
  notAuthorizedPath: 'You are not authorized!',
  notAuthorizedSite: 'You are not authorized to access to this site.',
  notAuthorizedCode: 'error code:401 unauthorized',
} as const;

export type SessionEndReason = 'expired' | 'loggedOut' | 'signedOut';
