import { SignJWT } from 'jose';

/** The claims of a session token that tests set themselves (times in seconds, iat_ms in ms). */
export interface SessionTokenClaims {
  sub: string;
  iat?: number;
  iat_ms?: number;
}

/**
 * A session token signed with `secret` as the server signs its own (lib/tokens.ts), but with the
 * subject and issue times the test chooses: for tests of what the guard must refuse even under a
 * valid signature.
 */
export async function signSessionClaims(
  secret: string,
  { sub, iat, iat_ms }: SessionTokenClaims,
): Promise<string> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat_ms: iat_ms ?? Date.now() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('spms')
    .setAudience('spms')
    .setIssuedAt(iat ?? nowSeconds)
    .setExpirationTime(Math.max(iat ?? 0, nowSeconds) + 8 * 3600)
    .sign(new TextEncoder().encode(secret));
}

/**
 * Tokens for user `userId`, signed with the server's key, that the guard must refuse (401): the
 * subject spelled otherwise than the canonical id, or an issue time an hour in the future (which
 * would outlive a revocation).
 */
export async function misclaimedTokens(
  sign: (claims: SessionTokenClaims) => Promise<string>,
  userId: number,
): Promise<{ claims: string; token: string }[]> {
  const id = String(userId);
  const hourAhead = Date.now() + 3600_000;
  const variants: SessionTokenClaims[] = [
    { sub: `${id}.0` },
    { sub: ` ${id}` },
    { sub: `${id} ` },
    { sub: `0x${userId.toString(16)}` },
    { sub: `0${id}` },
    { sub: `+${id}` },
    { sub: `${id}e0` },
    { sub: id, iat_ms: hourAhead },
    { sub: id, iat: Math.floor(hourAhead / 1000) },
  ];
  return Promise.all(
    variants.map(async (claims) => ({ claims: JSON.stringify(claims), token: await sign(claims) })),
  );
}
