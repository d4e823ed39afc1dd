import { createHash, randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * A stand-in for Google's sign-in as far as the server can tell: an RSA key generated here, its
 * public half served as a JWKS on loopback (pass `jwksUrl` as GOOGLE_JWKS_URL), and ID tokens
 * signed with it carrying Google's claims. Google's real servers are never contacted.
 */
export interface LocalGoogleIssuer {
  jwksUrl: string;
  clientId: string;
  issuer: string;
  /** How many times the key set was fetched (the server should cache it). */
  readonly jwksRequests: number;
  /**
   * A Google-shaped ID token; claims override the defaults (null removes one). Unless given, the
   * subject is the one of the email's Google account (subjectForEmail).
   */
  idToken(claims?: GoogleClaims, options?: SignOptions): Promise<string>;
  /** The public key in PEM, for algorithm-confusion attempts (HS256 keyed with it). */
  publicKeyPem: string;
  close(): Promise<void>;
}

export type GoogleClaims = Record<string, unknown> & {
  sub?: string | null;
  email?: string | null;
  email_verified?: unknown;
  hd?: string | null;
  aud?: string | null;
  iss?: string | null;
  exp?: number | null;
  iat?: number | null;
};

export interface SignOptions {
  /** Sign with a key that is not in the published set. */
  foreignKey?: boolean;
  kid?: string;
}

export const TEST_GOOGLE_CLIENT_ID = 'spms-test-client.apps.googleusercontent.com';
const KID = 'local-test-key';

/** A fresh Google subject: digits, like Google's. */
export function googleSubject(): string {
  return `1${Array.from({ length: 20 }, () => randomInt(10)).join('')}`;
}

/** The subject this issuer gives the Google account of an email, stable like Google's own. */
export function subjectForEmail(email: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(email.toLowerCase()).digest('hex')}`);
  return `1${digits.toString().slice(0, 20)}`;
}

export async function startLocalGoogleIssuer({
  clientId = TEST_GOOGLE_CLIENT_ID,
  issuer = 'https://accounts.google.com',
} = {}): Promise<LocalGoogleIssuer> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const publicKeyPem = await exportSPKI(keys.publicKey);
  let jwksRequests = 0;

  const server = createServer((request, response) => {
    if (request.url === '/oauth2/v3/certs') {
      jwksRequests += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    issuer,
    publicKeyPem,
    get jwksRequests() {
      return jwksRequests;
    },
    async idToken(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const email = typeof claims.email === 'string' ? claims.email : 'someone@example.com';
      const all: Record<string, unknown> = {
        iss: issuer,
        aud: clientId,
        azp: clientId,
        sub: subjectForEmail(email),
        email,
        email_verified: true,
        name: 'Test Person',
        iat: now,
        exp: now + 3600,
        ...claims,
      };
      const payload = Object.fromEntries(
        Object.entries(all).filter(([, value]) => value !== null),
      ) as JWTPayload;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
        .sign(options.foreignKey ? foreign.privateKey : keys.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
