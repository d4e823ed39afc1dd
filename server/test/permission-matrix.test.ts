import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { errorEnvelope } from './helpers/error-envelope';
import { startLocalGoogleIssuer } from './helpers/google-issuer';
import { documentedRoutes } from './helpers/openapi-routes';
import { PERMISSION_TABLE, type RouteRequest } from './helpers/permission-table';
import { CALLERS, seedRouteFixtures, type RouteFixtures } from './helpers/route-fixtures';
import { tableSnapshot } from './helpers/table-snapshot';
import { describeEachEngine, type CallResult, type TestContext } from './helpers/test-app';

/**
 * PRODUCT.md section 4, enforced on the server for every route: each row of PERMISSION_TABLE
 * is called by anonymous, employee, manager and admin callers with valid input, and by an
 * employee asking about another employee's records, and must answer the status the table says.
 * Rows with query parameters that would widen the answer (`?limit=1000` of the rankings,
 * another employee's id on one's own records) also check what the answer holds despite them.
 * The table must list exactly the routes of /api/openapi.json.
 */

const google = await startLocalGoogleIssuer();

/** The routes that show names, positions and departments of the ranked (PRODUCT.md section 4). */
const RANKINGS = ['GET /api/employees/rank', 'GET /api/employees/rank/export.csv'];
afterAll(() => google.close());

function send(ctx: TestContext, route: string, request: RouteRequest, token: string | null) {
  const method = route.split(' ')[0] as HTTPMethods;
  return ctx.call(method, request.url, { token, body: request.body });
}

/** Nothing of the other employee's records, email or salary is in an employee's answer. */
function expectNothingOf(fx: RouteFixtures, answer: CallResult, { nameAllowed = false } = {}) {
  const { other } = fx;
  const text = answer.text;
  expect(text, 'their records').not.toContain(other.marker);
  expect(text, 'their email').not.toContain(other.email);
  expect(text, 'their salary').not.toContain(other.salaryText);
  expect(text, 'their salary in cents').not.toContain('9876543');
  // The rankings show names, positions and departments of the ranked (PRODUCT.md section 4).
  if (!nameAllowed) expect(text, 'their name').not.toContain(other.lastName);
}

describeEachEngine(
  'permission matrix (PRODUCT.md section 4)',
  (ctx) => {
    let fx: RouteFixtures;
    beforeAll(async () => {
      fx = await seedRouteFixtures(ctx, google);
    });

    it('has a row for every route of the OpenAPI document, and no other', async () => {
      const doc = await ctx().call('GET', '/api/openapi.json');
      expect(doc.status).toBe(200);
      const documented = documentedRoutes(doc.body);
      const rows = PERMISSION_TABLE.map((row) => row.route);
      expect(new Set(rows).size, 'one row per route').toBe(rows.length);
      expect(documented.length).toBeGreaterThan(50);
      // Left and not right: add the route with its statuses to its module's file in
      // helpers/permission-table/.
      expect(documented).toEqual([...rows].sort());
    });

    for (const row of PERMISSION_TABLE) {
      for (const caller of CALLERS) {
        const status = row.expect[caller];
        it(`${row.route}: ${caller} gets ${status}`, async () => {
          const request = await row.request(caller, fx);
          const token = request.token !== undefined ? request.token : fx.tokenOf(caller);
          const answer = await send(
            ctx(),
            row.route,
            request,
            caller === 'anonymous' ? null : token,
          );
          expect(answer.status, answer.text).toBe(status);
          if (status === 401) {
            expect(answer.body).toEqual(errorEnvelope(AUTH_MESSAGES.notSignedIn));
          } else if (status === 403) {
            expect(answer.body).toEqual(errorEnvelope(AUTH_MESSAGES.forbidden));
          } else if (row.answers === 'csv') {
            expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
            expect(answer.text, 'a byte order mark, then the header row').toMatch(/^\uFEFF\w+,/);
          } else {
            expect(answer.body.success, answer.text).toBe(true);
            expect(answer.body.data).toBeTypeOf('object');
          }
          if (caller === 'employee') {
            expectNothingOf(fx, answer, { nameAllowed: RANKINGS.includes(row.route) });
          }
        });
      }

      for (const widening of row.widening ?? []) {
        it(`${row.route}: ${widening.caller} with ${widening.what}`, async () => {
          const request = await widening.request(fx);
          const before = await tableSnapshot(ctx().db);
          const answer = await send(ctx(), row.route, request, fx.tokenOf(widening.caller));
          expect(answer.status, answer.text).toBe(200);
          await widening.holds(answer, fx);
          if (widening.caller === 'employee') {
            expectNothingOf(fx, answer, { nameAllowed: RANKINGS.includes(row.route) });
          }
          expect(await tableSnapshot(ctx().db)).toEqual(before);
        });
      }

      const other = row.other;
      if (!other) continue;
      it(`${row.route}: an employee asking about another employee's records gets ${other.expect} and learns nothing`, async () => {
        const request = await other.request(fx);
        const before = await tableSnapshot(ctx().db);
        const answer = await send(ctx(), row.route, request, fx.tokenOf('employee'));
        expect(answer.status, answer.text).toBe(other.expect);
        expectNothingOf(fx, answer);
        if (other.expect === 403) {
          expect(answer.body).toEqual(errorEnvelope(AUTH_MESSAGES.forbidden));
        } else if (other.expect === 404) {
          // Exactly what an id that does not exist gets: the answer does not confirm the id.
          const unknown = await send(
            ctx(),
            row.route,
            { ...request, body: { ...(request.body as object), id: 2_147_483_647 } },
            fx.tokenOf('employee'),
          );
          expect(unknown.status).toBe(404);
          expect(answer.body).toEqual(unknown.body);
        } else {
          expect(answer.body.success).toBe(true);
        }
        const after = await tableSnapshot(ctx().db);
        // Reads and refusals change nothing (the audit trail included).
        expect(after).toEqual(before);
      });
    }

    it('lets the rankings show names, positions and scores but never an email or salary', async () => {
      const answer = await ctx().call('GET', '/api/employees/rank?limit=1000', {
        token: fx.tokenOf('employee'),
      });
      expect(answer.status).toBe(200);
      const ranked = answer.body.data.rankings as Record<string, unknown>[];
      expect(ranked.some((entry) => entry.last_name === fx.other.lastName)).toBe(true);
      for (const entry of ranked) {
        expect(Object.keys(entry)).not.toContain('email');
        expect(Object.keys(entry)).not.toContain('salary');
      }
      const file = await ctx().call('GET', '/api/employees/rank/export.csv', {
        token: fx.tokenOf('employee'),
      });
      expect(file.status).toBe(200);
      const [header] = file.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toBe(
        'rank,employee_id,first_name,last_name,position,department,average_score,total_metrics',
      );
      expect(file.text).toContain(fx.other.lastName);
      expect(file.text).not.toContain('@');
    });
  },
  {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    GOOGLE_ISSUERS: 'accounts.google.com,https://accounts.google.com',
  },
);
