import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import {
  GoogleSignInFailure,
  failureFromReason,
  googleSignInErrorMessage,
} from './google-sign-in-errors';

const FAILED = 'Google sign-in failed. Please try again.';
const CANCELLED = 'Sign-in was cancelled. Please try again.';
const BLOCKED = 'Popup was blocked by your browser. Please allow popups and try again.';
const NOT_ENABLED = 'Google sign-in is not enabled. Please contact support.';

describe('Google sign-in error messages (SPEC.md section 8)', () => {
  it("shows the server's message for a refusal, or the fallback without one", () => {
    const refused = new ApiError(
      'No account exists for this Google account. Ask your administrator.',
      401,
      [],
      'No account exists for this Google account. Ask your administrator.',
    );
    expect(googleSignInErrorMessage(refused)).toBe(
      'No account exists for this Google account. Ask your administrator.',
    );
    expect(googleSignInErrorMessage(new ApiError('HTTP 502: Bad Gateway', 502))).toBe(FAILED);
  });

  it('maps a closed popup, a blocked popup and "not enabled" to their own texts', () => {
    expect(googleSignInErrorMessage(new GoogleSignInFailure('cancelled'))).toBe(CANCELLED);
    expect(googleSignInErrorMessage(new GoogleSignInFailure('popup-blocked'))).toBe(BLOCKED);
    expect(googleSignInErrorMessage(new GoogleSignInFailure('not-enabled'))).toBe(NOT_ENABLED);
    expect(googleSignInErrorMessage(new GoogleSignInFailure('failed'))).toBe(FAILED);
  });

  it("reads Google's reason codes, in GIS, OAuth and Firebase spellings", () => {
    const cases: [string, string][] = [
      ['popup_closed', CANCELLED],
      ['user_cancel', CANCELLED],
      ['tap_outside', CANCELLED],
      ['auth/popup-closed-by-user', CANCELLED],
      ['popup_failed_to_open', BLOCKED],
      ['auth/popup-blocked', BLOCKED],
      ['auth/operation-not-allowed', NOT_ENABLED],
      ['unregistered_origin', NOT_ENABLED],
      ['invalid_client', NOT_ENABLED],
      ['missing_client_id', NOT_ENABLED],
      ['issuing_failed', FAILED],
      ['something new', FAILED],
    ];
    for (const [reason, message] of cases) {
      expect(googleSignInErrorMessage(failureFromReason(reason)), reason).toBe(message);
    }
    expect(googleSignInErrorMessage(failureFromReason(undefined))).toBe(FAILED);
  });

  it('says "Google sign-in failed" for anything else, a network failure included', () => {
    expect(googleSignInErrorMessage(new NetworkError())).toBe(FAILED);
    expect(googleSignInErrorMessage(new Error('boom'))).toBe(FAILED);
    expect(googleSignInErrorMessage('weird')).toBe(FAILED);
  });
});
