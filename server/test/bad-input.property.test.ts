import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalGoogleIssuer } from './helpers/google-issuer';
import { malformedRequests, type ValidRequest } from './helpers/malformed-requests';
import { documentedOperations, type DocumentedOperation } from './helpers/openapi-routes';
import { PERMISSION_TABLE } from './helpers/permission-table';
import { seedRouteFixtures, type Caller, type RouteFixtures } from './helpers/route-fixtures';
import { misclaimedTokens } from './helpers/session-tokens';
import { tableSnapshot, type TableSnapshot } from './helpers/table-snapshot';
import { describeEachEngine } from './helpers/test-app';

/**
 * PRODUCT.md section 6, "bad input": for every route of the OpenAPI document, generated
 * malformed requests (helpers/malformed-requests/) with the valid admin, manager and employee
 * tokens the route allows (now and then a refused or broken one) answer exactly the 4xx they
 * must, always in the envelope (`success: false` and a message), never a 5xx, and change
 * nothing stored: every table is compared with its state before the run after each request.
 *
 * BAD_INPUT_RUNS sets the runs per route and engine (default 30: about 2,900 requests in all).
 */

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 30);

const google = await startLocalGoogleIssuer();
afterAll(() => google.close());

/** The caller whose valid request the malformed ones start from: the least privileged allowed. */
const ORDER: Caller[] = ['anonymous', 'employee', 'manager', 'admin'];

function pathIdOf(operation: DocumentedOperation, url: string): string | null {
  if (!operation.path.includes('{id}')) return null;
  const pattern = new RegExp(
    `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{id}', '([^/?]+)')}`,
  );
  const match = pattern.exec(url);
  if (!match) throw new Error(`${url} does not match ${operation.path}`);
  return decodeURIComponent(match[1]!);
}

async function validRequestFor(
  operation: DocumentedOperation,
  fx: RouteFixtures,
  misclaimed: Record<Exclude<Caller, 'anonymous'>, ValidRequest['misclaimedTokens']>,
): Promise<ValidRequest> {
  const row = PERMISSION_TABLE.find((r) => r.route === operation.route);
  if (!row) throw new Error(`${operation.route} is not in the permission table`);
  const caller = ORDER.find((c) => row.expect[c] < 300)!;
  const refused = ORDER.find((c) => c !== 'anonymous' && row.expect[c] === 403);
  const request = await row.request(caller, fx);
  // A request made for one particular account (a fresh user, the one asked a question) keeps it.
  const others = ORDER.filter((c) => c !== caller && c !== 'anonymous' && row.expect[c] < 300);
  const [, search = ''] = request.url.split('?');
  return {
    method: operation.method,
    pathId: pathIdOf(operation, request.url),
    query: [...new URLSearchParams(search).entries()],
    body: request.body as Record<string, unknown> | undefined,
    token: request.token !== undefined ? request.token : fx.tokenOf(caller),
    otherAllowedTokens:
      request.token !== undefined || caller === 'anonymous'
        ? []
        : others.map((c) => fx.tokenOf(c)!),
    refusedToken: refused ? fx.tokenOf(refused) : null,
    misclaimedTokens: caller === 'anonymous' ? [] : misclaimed[caller],
    status: row.expect[caller],
    ...(row.bodyLimit === undefined ? {} : { bodyLimit: row.bodyLimit }),
  };
}

describeEachEngine(
  'bad input on every route (property-based)',
  (ctx) => {
    let fx: RouteFixtures;
    let operations: DocumentedOperation[];
    const valid = new Map<string, ValidRequest>();
    let before: TableSnapshot;
    let requests = 0;

    beforeAll(async () => {
      fx = await seedRouteFixtures(ctx, google);
      operations = documentedOperations((await ctx().call('GET', '/api/openapi.json')).body);
      const misclaimed = {
        admin: await misclaimedTokens(ctx().signClaims, ctx().as.admin.id),
        manager: await misclaimedTokens(ctx().signClaims, ctx().as.manager.id),
        employee: await misclaimedTokens(ctx().signClaims, ctx().as.employee.id),
      };
      for (const operation of operations) {
        valid.set(operation.route, await validRequestFor(operation, fx, misclaimed));
      }
      before = await tableSnapshot(ctx().db);
    });

    it('starts from a valid request for every documented route', () => {
      expect(operations.length).toBeGreaterThan(40);
      expect([...valid.keys()].sort()).toEqual(operations.map((o) => o.route).sort());
    });

    for (const row of PERMISSION_TABLE) {
      it(`${row.route}: malformed requests are refused in the envelope and change nothing`, async () => {
        const operation = operations.find((o) => o.route === row.route);
        if (!operation) throw new Error(`${row.route} is not documented`);
        const arbitrary = malformedRequests(operation, valid.get(row.route)!);
        await fc.assert(
          fc.asyncProperty(arbitrary, async (request) => {
            requests += 1;
            const response = await ctx().app.inject({
              method: request.method,
              url: request.url,
              headers: request.headers,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            const where = `${request.method} ${request.url.slice(0, 200)} (${request.fault}): ${response.body.slice(0, 300)}`;
            expect(response.statusCode, where).toBe(request.expected);
            expect(response.headers['content-type'], where).toMatch(/^application\/json/);
            const body = response.json();
            if (request.expected >= 400) {
              expect(body.success, where).toBe(false);
              expect(body.message, where).toBeTypeOf('string');
              expect(body.message.length, where).toBeGreaterThan(0);
              expect(Object.keys(body), where).not.toContain('data');
              expect(response.body, where).not.toMatch(/\bat \S+:\d+:\d+|SQLITE_|syntax error/);
            } else {
              expect(body.success, where).toBe(true);
            }
            expect(await tableSnapshot(ctx().db), where).toEqual(before);
          }),
          { numRuns: RUNS },
        );
      });
    }

    it(`sent ${RUNS} generated requests to each route`, () => {
      expect(requests).toBe(RUNS * PERMISSION_TABLE.length);
    });
  },
  {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    GOOGLE_ISSUERS: 'accounts.google.com,https://accounts.google.com',
  },
);
