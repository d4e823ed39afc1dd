import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config';

/** What a verified Google ID token tells us about the person. */
export interface GoogleIdentity {
  /** Google's stable, never reused account id (`sub`). Emails can change; this does not. */
  subject: string;
  /** Lower-cased and trimmed, as emails are stored. */
  email: string;
}

export type GoogleRejection =
  /** Not a token Google issued for this app: signature, algorithm, issuer, audience, expiry, shape. */
  | 'invalid'
  | 'email-not-verified'
  | 'wrong-domain'
  /** Google's keys could not be fetched: our problem, not the caller's. */
  | 'keys-unavailable';

export class GoogleTokenRejected extends Error {
  constructor(
    readonly reason: GoogleRejection,
    /** For the log and the audit entry; never sent to the caller. */
    readonly detail: string,
    /** The email of a genuine token refused for what it says (unverified, other domain). */
    readonly email?: string,
  ) {
    super(`Google ID token rejected (${reason}): ${detail}`);
    this.name = 'GoogleTokenRejected';
  }
}

/** Small, to absorb clock drift between Google and this server. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** Errors of fetching the key set rather than of the token. */
function keysUnavailable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true; // network failure inside fetch
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error.code === 'ERR_JOSE_GENERIC' // non-200 answer or unparsable body from the JWKS URL
  );
}

export type GoogleTokenVerifier = (idToken: string) => Promise<GoogleIdentity>;

/**
 * Verifies Google ID tokens (https://developers.google.com/identity/gsi/web/guides/verify-google-id-token):
 * RS256 signature by one of Google's published keys, issuer, audience equal to our client id,
 * expiry and issue time, `email_verified`, and the Workspace domain when GOOGLE_HOSTED_DOMAIN is
 * set.
 *
 * The key set is created once: jose caches the keys (10 minutes), refetches when Google rotates
 * them (an unknown `kid`), and waits 30 seconds between refetches so forged `kid`s cannot make
 * us hammer Google.
 */
export function createGoogleTokenVerifier(
  config: Pick<
    Config,
    'GOOGLE_CLIENT_ID' | 'GOOGLE_ISSUERS' | 'GOOGLE_JWKS_URL' | 'GOOGLE_HOSTED_DOMAIN'
  > & { GOOGLE_CLIENT_ID: string },
): GoogleTokenVerifier {
  let jwksUrl: URL;
  try {
    jwksUrl = new URL(config.GOOGLE_JWKS_URL);
  } catch {
    throw new Error(`GOOGLE_JWKS_URL must be an http(s) address, not "${config.GOOGLE_JWKS_URL}"`);
  }
  const keys = createRemoteJWKSet(jwksUrl);
  const hostedDomain = config.GOOGLE_HOSTED_DOMAIN?.trim().toLowerCase();

  return async (idToken) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        issuer: config.GOOGLE_ISSUERS,
        audience: config.GOOGLE_CLIENT_ID,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        // Google's ID tokens live one hour; this also refuses an `iat` in the future.
        maxTokenAge: '1h',
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new GoogleTokenRejected(
        keysUnavailable(error) ? 'keys-unavailable' : 'invalid',
        detail,
      );
    }

    const { sub, email: rawEmail, email_verified: emailVerified, hd } = payload;
    if (
      typeof sub !== 'string' ||
      !sub ||
      typeof rawEmail !== 'string' ||
      !rawEmail.includes('@')
    ) {
      throw new GoogleTokenRejected('invalid', 'the token carries no subject or email');
    }
    const email = rawEmail.trim().toLowerCase();
    // Strictly the boolean: Google sends `true`, and nothing else may count as verified.
    if (emailVerified !== true) {
      throw new GoogleTokenRejected(
        'email-not-verified',
        'Google has not verified the email address',
        email,
      );
    }
    if (hostedDomain && (typeof hd !== 'string' || hd.toLowerCase() !== hostedDomain)) {
      const where = typeof hd === 'string' ? `the ${hd} domain` : 'no Workspace domain';
      throw new GoogleTokenRejected(
        'wrong-domain',
        `the account belongs to ${where}, not ${hostedDomain}`,
        email,
      );
    }
    return { subject: sub, email };
  };
}
