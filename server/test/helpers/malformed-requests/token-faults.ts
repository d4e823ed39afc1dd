// Faults in the token: missing, forged, broken or with claims off, or of a role the route refuses.
import fc from 'fast-check';
import type { Fault, ValidRequest } from './types';

/**
 * Authorization headers the route must refuse: 401 for a bad token (also one signed by the
 * server whose subject or issue time is off), 403 for a refused role.
 */
export function tokenFaults(valid: ValidRequest): fc.Arbitrary<Fault>[] {
  const authFaults: fc.Arbitrary<Fault>[] = [];
  if (valid.token !== null) {
    authFaults.push(
      fc
        .constantFrom(
          null,
          'Bearer',
          'Bearer a.b.c',
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
          'Basic YWRtaW46YWRtaW4=',
          `Bearer ${valid.token}x`,
          `Bearer ${'A'.repeat(5000)}`,
        )
        .map((header) => ({
          fault: `authorization ${header?.slice(0, 40)}`,
          token: header,
          expected: 401,
        })),
    );
    if (valid.misclaimedTokens?.length) {
      authFaults.push(
        fc.constantFrom(...valid.misclaimedTokens).map(({ claims, token }) => ({
          fault: `a token signed by the server with claims ${claims}`,
          token: `Bearer ${token}`,
          expected: 401,
        })),
      );
    }
    if (valid.refusedToken) {
      authFaults.push(
        fc.constant({
          fault: 'a role the route refuses',
          token: `Bearer ${valid.refusedToken}`,
          expected: 403,
        }),
      );
    }
  }
  return authFaults;
}
