/**
 * Exact texts of SPEC.md sections 5 and 8 used by both the forms and the server. Kept free of
 * zod so the sign-in page can use them without loading a schema library.
 */
export const MIN_PASSWORD_LENGTH = 8;

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be a valid email address',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password',
  passwordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully!',
  tooManyAttempts: 'Too many sign-in attempts. Please wait and try again.',
  tooManyRequests: 'Too many requests from this account. Please wait a minute and try again.',
  /** Requests without a session past ANONYMOUS_REQUESTS_PER_MINUTE. */
  tooManyAnonymousRequests:
    'Too many requests from this address. Please wait a minute and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notSignedIn: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  /** Every route but change-password and auth/me, while the password is a one-time one. */
  temporaryPassword: 'Please change your temporary password before you continue.',
  /** Shown beside the change-password form that opens at sign-in with a one-time password. */
  temporaryPasswordReason: 'Your password is temporary. Choose a new one to continue.',
  newPasswordSameAsCurrent: 'The new password must be different from the current one',
} as const;
