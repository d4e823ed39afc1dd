import { GOOGLE_MESSAGES } from '#contract/google-messages';
import { ApiError } from '../../lib/api-client';

/** What went wrong on Google's side of the sign-in, in SPEC.md section 8's terms. */
export type GoogleFailureKind = 'cancelled' | 'popup-blocked' | 'not-enabled' | 'failed';

export class GoogleSignInFailure extends Error {
  constructor(
    readonly kind: GoogleFailureKind,
    detail?: string,
  ) {
    super(detail ?? kind);
    this.name = 'GoogleSignInFailure';
  }
}

/**
 * Reason codes Google's libraries report (GIS moments, OAuth popup errors, and Firebase's codes
 * the original app saw), normalised: "auth/popup-closed-by-user" reads "popup_closed_by_user".
 */
const KIND_OF_REASON: Record<string, GoogleFailureKind> = {
  popup_closed: 'cancelled',
  popup_closed_by_user: 'cancelled',
  cancelled_popup_request: 'cancelled',
  user_cancel: 'cancelled',
  tap_outside: 'cancelled',
  access_denied: 'cancelled',
  popup_failed_to_open: 'popup-blocked',
  popup_blocked: 'popup-blocked',
  operation_not_allowed: 'not-enabled',
  invalid_client: 'not-enabled',
  missing_client_id: 'not-enabled',
  unregistered_origin: 'not-enabled',
  origin_mismatch: 'not-enabled',
};

export function failureFromReason(reason: string | null | undefined): GoogleSignInFailure {
  const code = (reason ?? '')
    .trim()
    .toLowerCase()
    .replace(/^auth\//, '')
    .replaceAll('-', '_');
  return new GoogleSignInFailure(KIND_OF_REASON[code] ?? 'failed', reason ?? undefined);
}

const MESSAGE_OF_KIND: Record<GoogleFailureKind, string> = {
  cancelled: GOOGLE_MESSAGES.cancelled,
  'popup-blocked': GOOGLE_MESSAGES.popupBlocked,
  'not-enabled': GOOGLE_MESSAGES.notEnabled,
  failed: GOOGLE_MESSAGES.failed,
};

/**
 * SPEC.md section 8 for Google sign-in: a server refusal shows the server's message (or the
 * fallback), a closed popup, a blocked popup and "not enabled" their own texts, anything else
 * (a network failure included) "Google sign-in failed. Please try again.".
 */
export function googleSignInErrorMessage(error: unknown): string {
  if (error instanceof GoogleSignInFailure) return MESSAGE_OF_KIND[error.kind];
  if (error instanceof ApiError && error.status > 0) {
    return error.serverMessage ?? GOOGLE_MESSAGES.failed;
  }
  return GOOGLE_MESSAGES.failed;
}
