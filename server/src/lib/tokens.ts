import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';

const ISSUER = 'spms';
const AUDIENCE = 'spms';

export interface SessionClaims {
  userId: number;
  /** When the token was issued, in milliseconds: compared with the user's revocation time. */
  issuedAtMs: number;
}

export interface TokenService {
  sign(userId: number): Promise<string>;
  /** The claims of a valid token, or null when it is forged, expired or malformed. */
  verify(token: string): Promise<SessionClaims | null>;
}

/** How many verified tokens are remembered (a few MB at most). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * How far ahead of this server's clock a token's issue time may be: the clocks of instances
 * behind one balancer differ by a little. Any more is refused: revocation compares the issue time
 * with `tokens_valid_after`, so a token from the future would outlive it. Within the allowance the
 * issue time counts as now, so even those few seconds outlive nothing.
 */
export const CLOCK_SKEW_MS = 60_000;

/** The subject as `sign` writes it: a user id in plain decimal ("2", never "2.0", " 2", "0x2"). */
const CANONICAL_ID = /^[1-9]\d{0,15}$/;

/** The claims of a token whose signature held, or null when its subject or issue time is off. */
function sessionClaims(payload: JWTPayload, now: number): SessionClaims | null {
  const subject = payload.sub ?? '';
  const userId = Number(subject);
  if (!CANONICAL_ID.test(subject) || !Number.isSafeInteger(userId)) return null;
  const issuedAtMs = payload.iat_ms;
  if (typeof issuedAtMs !== 'number' || !Number.isFinite(issuedAtMs)) return null;
  if (issuedAtMs > now + CLOCK_SKEW_MS || payload.iat! * 1000 > now + CLOCK_SKEW_MS) return null;
  return { userId, issuedAtMs: Math.min(issuedAtMs, now) };
}

/**
 * Our own session tokens: HS256 with a secret of at least 256 bits, with an expiry.
 *
 * Every signed-in request verifies its token, and a browser sends the same one for hours, so a
 * token that verified is remembered until it expires: the answer for that exact string cannot
 * change (revocation is checked against the user row on every request, not here). The HMAC key
 * is imported once; jose would otherwise import a raw secret again on every call.
 */
export function createTokenService(secret: string, expiresIn: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verifyKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  const verified = new Map<string, { claims: SessionClaims; expiresAtMs: number }>();

  function remember(token: string, claims: SessionClaims, expiresAtMs: number) {
    verified.set(token, { claims, expiresAtMs });
    if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
  }

  return {
    async sign(userId) {
      return new SignJWT({ iat_ms: Date.now() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await verifyKey, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const claims = sessionClaims(payload, Date.now());
        if (!claims) return null;
        remember(token, claims, payload.exp! * 1000);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
