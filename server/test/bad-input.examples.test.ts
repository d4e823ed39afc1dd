import { expect, it } from 'vitest';
import { fieldLabel } from '#contract/field-labels';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { describeEachEngine } from './helpers/test-app';
import { tableSnapshot } from './helpers/table-snapshot';

/**
 * Malformed requests the property test (bad-input.property.test.ts) found answering 500 or
 * outside the envelope, kept as plain examples so each stays fixed on both engines.
 */
/** The whole answer to text no database here can store, naming the field it was found in. */
const unstorable = (field: string) => {
  const message = `${fieldLabel(field)} contains a character that cannot be stored (NUL or an unpaired surrogate)`;
  return errorEnvelope(message, field);
};

describeEachEngine('bad input: what the property test found', (ctx) => {
  const admin = () => ({ token: ctx().as.admin.token });

  it('refuses NUL characters in a query with 400 (PostgreSQL answered 500)', async () => {
    for (const [url, field] of [
      ['/api/employees?search=%00', 'search'],
      ['/api/employees?department=a%00b', 'department'],
      ['/api/audit?search=%00', 'search'],
      ['/api/metric-types?search=%00', 'search'],
      ['/api/users?search=%00', 'search'],
      ['/api/metrics/average?search=%00', 'search'],
      ['/api/responses/admin/all?search=%00', 'search'],
    ] as const) {
      const res = await ctx().call('GET', url, admin());
      expect(res.status, `${url}: ${res.text}`).toBe(400);
      expect(res.body, url).toEqual(unstorable(field));
    }
  });

  it('refuses NUL characters and unpaired surrogates in bodies with 400, storing nothing', async () => {
    const before = await tableSnapshot(ctx().db);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/metric-types', { metric_name: 'Safety\u0000' }, 'metric_name'],
      ['POST', '/api/metric-types', { metric_name: 'Half \uD800 pair' }, 'metric_name'],
      [
        'POST',
        '/api/employees',
        {
          first_name: 'Ada\u0000',
          last_name: 'Lovelace',
          email: 'ada.nul@example.com',
          position: 'Analyst',
          department: 'CIT',
          join_date: '2024-01-01',
        },
        'first_name',
      ],
      ['POST', '/api/responses', { question: 'Why?\u0000', all: true }, 'question'],
      ['POST', '/api/employees', { skills: ['ok', 'bad\uDC00'] }, 'skills.1'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await ctx().call(method as 'POST', url, { ...admin(), body });
      expect(res.status, `${url}: ${res.text}`).toBe(400);
      expect(res.body, `${url}: ${field}`).toEqual(unstorable(field));
    }
    expect(await tableSnapshot(ctx().db)).toEqual(before);
  });

  it('still accepts text with emoji and other proper surrogate pairs', async () => {
    const res = await ctx().call('POST', '/api/metric-types', {
      ...admin(),
      body: { metric_name: `Team spirit 🎉 ${ctx().engine}` },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.metric_type.metric_name).toBe(`Team spirit 🎉 ${ctx().engine}`);
  });

  it('answers an address with broken percent-encoding in the envelope', async () => {
    const res = await ctx().call('GET', '/api/employees/%E0%A4%A', admin());
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorEnvelope('The address is not valid'));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an over-long path parameter in the envelope', async () => {
    const res = await ctx().call('GET', `/api/employees/${'9'.repeat(250)}`, admin());
    expect(res.status).toBe(414);
    expect(res.body).toEqual(errorEnvelope('The address is too long'));
  });

  it('takes ids in paths and filters as decimal digits only (no hex, exponent or padding)', async () => {
    const id = await insertEmployee(ctx().db);
    const ok = await ctx().call('GET', `/api/employees/${id}`, admin());
    expect(ok.status).toBe(200);
    for (const spelling of [`0x${id.toString(16)}`, `${id}e0`, `${id}.0`, `%20${id}`, `+${id}`]) {
      const res = await ctx().call('GET', `/api/employees/${spelling}`, admin());
      expect(res.status, spelling).toBe(400);
      expect(res.body).toEqual(errorEnvelope('id must be a positive whole number', 'id'));
      const filterMessage = 'employee_id must be a positive whole number';
      const filtered = await ctx().call('GET', `/api/bonuses?employee_id=${spelling}`, admin());
      expect(filtered.status, spelling).toBe(400);
      expect(filtered.body, spelling).toEqual(errorEnvelope(filterMessage, 'employee_id'));
    }
  });
});
