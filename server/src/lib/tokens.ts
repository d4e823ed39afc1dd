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

/** Our own session tokens: HS256 with a secret of at least 256 bits, with an expiry. */
export function createTokenService(secret: string, expiresIn: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const userId = Number(payload.sub);
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : NaN;
        if (!Number.isSafeInteger(userId) || !Number.isFinite(issuedAtMs)) return null;
        return { userId, issuedAtMs };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
