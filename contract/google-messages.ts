/**
 * Texts of Google sign-in: SPEC.md section 8 for the browser, and the server's refusals. Kept free
 * of zod so the sign-in page can use them without loading a schema library.
 */
export const GOOGLE_MESSAGES = {
  /** SPEC.md 8: a server failure without a message, and anything else. */
  failed: 'Google sign-in failed. Please try again.',
  /** SPEC.md 8: the person closed Google's window. */
  cancelled: 'Sign-in was cancelled. Please try again.',
  /** SPEC.md 8: the browser blocked Google's window. */
  popupBlocked: 'Popup was blocked by your browser. Please allow popups and try again.',
  /** SPEC.md 8: "operation not allowed" (not configured, or this origin not registered). */
  notEnabled: 'Google sign-in is not enabled. Please contact support.',
  /** The token is genuine but no user has that Google account or email. */
  noAccount: 'No account exists for this Google account. Ask your administrator.',
  /** Signature, issuer, audience, expiry or shape wrong: not a token Google gave for this app. */
  notVerified: 'Your Google sign-in could not be verified. Please try again.',
  emailNotVerified:
    'Your Google account email address is not verified. Verify it with Google and try again.',
  /** GOOGLE_HOSTED_DOMAIN is set and the account belongs elsewhere. */
  wrongDomain: 'Sign in with your organisation Google account.',
  /** Google's signing keys could not be fetched. */
  unavailable: 'Google sign-in is unavailable right now. Please try again later.',
} as const;
