import { SignJWT, errors, jwtVerify } from 'jose';

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
        const userId = Number(payload.sub);
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : NaN;
        if (!Number.isSafeInteger(userId) || !Number.isFinite(issuedAtMs)) return null;
        const claims = { userId, issuedAtMs };
        remember(token, claims, payload.exp! * 1000);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
