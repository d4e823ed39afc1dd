import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalGoogleIssuer } from './helpers/google-issuer';
import { oddKey } from './helpers/malformed-requests';
import { documentedOperations, type DocumentedOperation } from './helpers/openapi-routes';
import { PERMISSION_TABLE } from './helpers/permission-table';
import { seedRouteFixtures, type Caller, type RouteFixtures } from './helpers/route-fixtures';
import { tablesContaining } from './helpers/table-snapshot';
import { describeEachEngine } from './helpers/test-app';

/**
 * PRODUCT.md section 6, "bad input", the other half (bad-input.property.test.ts has the malformed
 * requests; two files so the API suite runs them side by side): for every route taking a body,
 * generated unknown fields added to a valid body are ignored, answered nowhere and stored
 * nowhere.
 *
 * BAD_INPUT_RUNS sets the runs (a third of it per route and engine, at least 3; default 30).
 */

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 30);

const google = await startLocalGoogleIssuer();
afterAll(() => google.close());

/** The caller whose valid request the body starts from: the least privileged allowed. */
const ORDER: Caller[] = ['anonymous', 'employee', 'manager', 'admin'];

describeEachEngine(
  'unknown fields in valid bodies (property-based)',
  (ctx) => {
    let fx: RouteFixtures;
    let operations: DocumentedOperation[];
    beforeAll(async () => {
      fx = await seedRouteFixtures(ctx, google);
      operations = documentedOperations((await ctx().call('GET', '/api/openapi.json')).body);
    });

    const withBodies = PERMISSION_TABLE.filter((row) => /^(POST|PUT) /.test(row.route));
    for (const row of withBodies) {
      it(`${row.route}: unknown fields are ignored, never stored`, async () => {
        const operation = operations.find((o) => o.route === row.route)!;
        if (!operation.body) return;
        const known = Object.keys(operation.body.properties ?? {});
        const extras = fc.dictionary(
          // A "__proto__" key is refused outright (400), as the malformed-request property checks.
          oddKey.filter((key) => !known.includes(key) && key !== '__proto__'),
          fc.constantFrom<(marker: string) => unknown>(
            (marker) => marker,
            (marker) => [marker],
            (marker) => ({ nested: { deeper: marker } }),
            (marker) => ({ constructor: marker, toString: marker }),
          ),
          { minKeys: 1, maxKeys: 4 },
        );
        await fc.assert(
          fc.asyncProperty(extras, async (fields) => {
            const caller = ORDER.find((c) => row.expect[c] < 300)!;
            const request = await row.request(caller, fx);
            const marker = `UNKNOWN-${fx.unique()}`;
            const extra = Object.fromEntries(
              Object.entries(fields).map(([key, make]) => [key, make(marker)]),
            );
            const token = request.token !== undefined ? request.token : fx.tokenOf(caller);
            const answer = await ctx().call(operation.method, request.url, {
              token,
              body: { ...extra, ...(request.body as object) },
            });
            expect(answer.status, answer.text).toBe(row.expect[caller]);
            expect(answer.text).not.toContain(marker);
            expect(await tablesContaining(ctx().db, marker)).toEqual([]);
          }),
          { numRuns: Math.max(3, Math.round(RUNS / 3)) },
        );
      });
    }
  },
  {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    GOOGLE_ISSUERS: 'accounts.google.com,https://accounts.google.com',
  },
);
