import { afterAll, expect, it } from 'vitest';
import { auditedBy } from './helpers/audit';
import { startLocalGoogleIssuer } from './helpers/google-issuer';
import { describeEachEngine } from './helpers/test-app';
import { writeCases } from './helpers/write-routes';

/**
 * PRODUCT.md section 5: every write of the product leaves exactly one audit entry, in the same
 * transaction, saying what happened, to whom, by whom, from where, with the record before and
 * after; a refused write leaves none (refused sign-ins are recorded by design). The table of
 * write routes is checked against the OpenAPI document, so a new write route fails this test
 * until it is added here, with its entry.
 */

const google = await startLocalGoogleIssuer();
afterAll(() => google.close());

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

let addressCounter = 0;
/** A distinct caller address per call, so the entry's address is known and no throttle trips. */
const nextAddress = () => `198.51.100.${(addressCounter = (addressCounter % 250) + 1)}`;

describeEachEngine(
  'audit coverage: every write leaves exactly one entry',
  (ctx) => {
    const cases = writeCases(ctx, google);

    it('covers every write route of the OpenAPI document, and only those', async () => {
      const doc = await ctx().call('GET', '/api/openapi.json');
      expect(doc.status).toBe(200);
      const documented = Object.entries(doc.body.paths as Record<string, object>)
        .flatMap(([path, operations]) =>
          Object.keys(operations)
            .filter((method) => WRITE_METHODS.includes(method))
            .map((method) => `${method.toUpperCase()} ${path}`),
        )
        .sort();
      const covered = [...new Set(cases.map((c) => c.route))].sort();
      expect(documented.length).toBeGreaterThan(0);
      // A route listed on the left and not on the right has no audit test: add it to its module's
      // file in helpers/write-routes/.
      expect(documented).toEqual(covered);
    });

    for (const writeCase of cases) {
      it(`${writeCase.route}: ${writeCase.title} leaves one entry`, async () => {
        const ip = nextAddress();
        const { result, entries } = await auditedBy(ctx().db, () => writeCase.perform(ip));
        const { result: response, expected } = result;
        expect(response.status, response.text).toBe(expected.status);
        expect(entries, JSON.stringify(entries, null, 2)).toHaveLength(1);
        const entry = entries[0]!;
        expect(entry.name).toBe(expected.name);
        for (const text of expected.mentions) expect(entry.description).toContain(text);
        expect(entry.actor).toEqual(expected.actor ?? { user_id: null, email: null });
        expect(entry.ip_address).toBe(ip);
        if (expected.entity) {
          expect(entry.entity_type).toBe(expected.entity.type);
          if (expected.entity.id !== undefined) expect(entry.entity_id).toBe(expected.entity.id);
        }
        expect(entry.before === null, 'before').toBe(!expected.before);
        expect(entry.after === null, 'after').toBe(!expected.after);
        // Secrets never reach the trail, whatever the snapshot holds.
        expect(JSON.stringify(entry)).not.toMatch(
          /password_hash|"password"|oldPassword|newPassword/,
        );
        expect(entry.created_at).toMatch(/Z$/);
      });
    }

    for (const writeCase of cases.filter((c) => c.refusals)) {
      it(`${writeCase.route}: refused calls leave no entry`, async () => {
        for (const refusal of await writeCase.refusals!()) {
          const { result, entries } = await auditedBy(ctx().db, refusal.call);
          expect(result.status, `${refusal.title}: ${result.text}`).toBe(refusal.status);
          expect(entries, refusal.title).toEqual([]);
        }
      });
    }

    it('refuses every non-public write route to anonymous callers without an entry', async () => {
      const signIns = new Set(['POST /api/auth/login', 'POST /api/auth/google-login']);
      for (const route of new Set(cases.map((c) => c.route))) {
        if (signIns.has(route)) continue;
        const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'DELETE', string];
        const { result, entries } = await auditedBy(ctx().db, () =>
          ctx().call(method, path.replace('{id}', '1'), { body: {} }),
        );
        expect(result.status, route).toBe(401);
        expect(entries, route).toEqual([]);
      }
    });
  },
  {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    GOOGLE_ISSUERS: 'accounts.google.com,https://accounts.google.com',
  },
);
