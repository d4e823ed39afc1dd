import { expect, it } from 'vitest';
import { METRIC_TYPE_MESSAGES } from '#contract/metric-types';
import { auditEntriesOf, expectHrOnly } from './helpers/access-matrix';
import { errorEnvelope } from './helpers/error-envelope';
import { insertEmployee } from './helpers/factories';
import { insertMetricType, insertMetricValue } from './helpers/performance-factories';
import { describeEachEngine } from './helpers/test-app';

let unique = 0;
const uniqueName = (base: string) => `${base} ${++unique}`;

describeEachEngine('metric types', (ctx) => {
  const asManager = () => ({ token: ctx().as.manager.token });
  const create = (body: Record<string, unknown>) =>
    ctx().call('POST', '/api/metric-types', { ...asManager(), body });

  it('lets only managers and admins use every metric type route', async () => {
    const id = await insertMetricType(ctx().db);
    const list = await expectHrOnly(ctx(), 'GET', '/api/metric-types');
    expect(list.manager.status).toBe(200);
    expect(list.admin.status).toBe(200);

    const units = await expectHrOnly(ctx(), 'GET', '/api/metric-types/units');
    expect(units.manager.status).toBe(200);

    const one = await expectHrOnly(ctx(), 'GET', `/api/metric-types/${id}`);
    expect(one.admin.body.data.metric_type.id).toBe(id);

    const created = await expectHrOnly(ctx(), 'POST', '/api/metric-types', () => ({
      metric_name: uniqueName('Access'),
    }));
    expect(created.manager.status).toBe(201);
    expect(created.admin.status).toBe(201);

    const updated = await expectHrOnly(ctx(), 'PUT', `/api/metric-types/${id}`, () => ({
      metric_name: uniqueName('Renamed'),
    }));
    expect(updated.manager.status).toBe(200);
    expect(updated.admin.status).toBe(200);

    const removed = await expectHrOnly(ctx(), 'DELETE', `/api/metric-types/${id}`);
    expect(removed.manager.status).toBe(200);
    expect(removed.admin.status).toBe(404);
  });

  it('creates a metric type, trimming text and answering every field', async () => {
    const name = uniqueName('Teaching Quality');
    const res = await create({
      metric_name: `  ${name} `,
      description: ' Peer-reviewed lectures ',
      measurement_unit: '%',
      minimum_value: 1,
      maximum_value: 100,
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Metric type created successfully');
    const type = res.body.data.metric_type;
    expect(type).toEqual({
      id: expect.any(Number),
      metric_name: name,
      description: 'Peer-reviewed lectures',
      measurement_unit: '%',
      minimum_value: 1,
      maximum_value: 100,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: expect.any(String),
    });

    const [entry] = await auditEntriesOf(ctx(), 'metric_type', type.id);
    expect(entry!.name).toBe('Metric Type Created');
    expect(entry!.description).toContain(name);
    expect(entry!.actor_user_id).toBe(ctx().as.manager.id);
    expect(JSON.parse(entry!.after_json!)).toEqual(type);
  });

  it('takes empty bounds as unbounded and numeric text as numbers', async () => {
    const blank = await create({
      metric_name: uniqueName('Open'),
      minimum_value: '',
      maximum_value: null,
      description: '   ',
    });
    expect(blank.status).toBe(201);
    expect(blank.body.data.metric_type).toMatchObject({
      minimum_value: null,
      maximum_value: null,
      description: null,
      measurement_unit: null,
    });

    const text = await create({
      metric_name: uniqueName('Text'),
      minimum_value: '0',
      maximum_value: '12.5',
    });
    expect(text.status).toBe(201);
    expect(text.body.data.metric_type).toMatchObject({ minimum_value: 0, maximum_value: 12.5 });
  });

  it('refuses invalid input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'metric_name', 'Metric name is required'],
      [{ metric_name: '   ' }, 'metric_name', 'Metric name is required'],
      [{ metric_name: 42 }, 'metric_name', 'Metric name must be text'],
      [
        { metric_name: 'x'.repeat(101) },
        'metric_name',
        'Metric name must be at most 100 characters',
      ],
      [
        { metric_name: 'A', minimum_value: -1 },
        'minimum_value',
        'Minimum value must be at least 0',
      ],
      [
        { metric_name: 'A', maximum_value: -0.5 },
        'maximum_value',
        'Maximum value must be at least 0',
      ],
      [
        { metric_name: 'A', maximum_value: 'lots' },
        'maximum_value',
        'Maximum value must be a number',
      ],
      [
        { metric_name: 'A', maximum_value: '\t\n' },
        'maximum_value',
        'Maximum value must be a number',
      ],
      [
        { metric_name: 'A', minimum_value: true },
        'minimum_value',
        'Minimum value must be a number',
      ],
      [
        { metric_name: 'A', minimum_value: 60, maximum_value: 50 },
        'minimum_value',
        'Minimum value cannot be greater than maximum value',
      ],
      [
        { metric_name: 'A', measurement_unit: 'u'.repeat(31) },
        'measurement_unit',
        'Measurement unit must be at most 30 characters',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual(errorEnvelope(message, field));
    }
    // The same rules hold on update.
    const id = await insertMetricType(ctx().db);
    const res = await ctx().call('PUT', `/api/metric-types/${id}`, {
      ...asManager(),
      body: { metric_name: 'B', minimum_value: 10, maximum_value: 5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Minimum value cannot be greater than maximum value');
  });

  it('accepts equal bounds', async () => {
    const res = await create({
      metric_name: uniqueName('Fixed'),
      minimum_value: 7,
      maximum_value: 7,
    });
    expect(res.status).toBe(201);
  });

  it('refuses a duplicate name, ignoring case, on create and on rename', async () => {
    const name = uniqueName('Research Output');
    const first = await create({ metric_name: name });
    expect(first.status).toBe(201);

    const again = await create({ metric_name: `  ${name.toUpperCase()} ` });
    expect(again.status).toBe(409);
    const duplicate = METRIC_TYPE_MESSAGES.duplicateName(name);
    expect(again.body).toEqual(errorEnvelope(duplicate, 'metric_name'));

    const other = await create({ metric_name: uniqueName('Other') });
    const rename = await ctx().call('PUT', `/api/metric-types/${other.body.data.metric_type.id}`, {
      ...asManager(),
      body: { metric_name: name.toLowerCase() },
    });
    expect(rename.status).toBe(409);
    expect(rename.body).toEqual(errorEnvelope(duplicate, 'metric_name'));

    // Changing only the case of its own name is fine.
    const self = await ctx().call('PUT', `/api/metric-types/${first.body.data.metric_type.id}`, {
      ...asManager(),
      body: { metric_name: name.toLowerCase() },
    });
    expect(self.status).toBe(200);
    expect(self.body.data.metric_type.metric_name).toBe(name.toLowerCase());
  });

  it('replaces every editable field on update and records before and after', async () => {
    const created = await create({
      metric_name: uniqueName('Punctuality'),
      description: 'On time',
      measurement_unit: 'points',
      minimum_value: 1,
      maximum_value: 10,
    });
    const id = created.body.data.metric_type.id as number;
    const name = uniqueName('Attendance');
    const res = await ctx().call('PUT', `/api/metric-types/${id}`, {
      token: ctx().as.admin.token,
      body: { metric_name: name, maximum_value: 20, ignored_field: 'x', id: 999 },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Metric type updated successfully');
    expect(res.body.data.metric_type).toMatchObject({
      id,
      metric_name: name,
      description: null,
      measurement_unit: null,
      minimum_value: null,
      maximum_value: 20,
    });

    const entries = await auditEntriesOf(ctx(), 'metric_type', id);
    expect(entries.map((e) => e.name)).toEqual(['Metric Type Created', 'Metric Type Updated']);
    expect(JSON.parse(entries[1]!.before_json!).metric_name).toBe(
      created.body.data.metric_type.metric_name,
    );
    expect(JSON.parse(entries[1]!.after_json!).metric_name).toBe(name);
    expect(entries[1]!.actor_user_id).toBe(ctx().as.admin.id);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { metric_name: uniqueName('Ghost') }],
      ['DELETE', undefined],
    ] as const) {
      const res = await ctx().call(method, '/api/metric-types/987654', { ...asManager(), body });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual(errorEnvelope('Metric type not found'));
    }
    const bad = await ctx().call('DELETE', '/api/metric-types/abc', asManager());
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id must be a positive whole number');
  });

  it('refuses to delete a type that has values, saying how many', async () => {
    const name = uniqueName('Teaching Quality');
    const typeId = await insertMetricType(ctx().db, { metric_name: name });
    const employeeId = await insertEmployee(ctx().db);
    await insertMetricValue(ctx().db, { userId: employeeId, metricTypeId: typeId, value: 80 });

    const one = await ctx().call('DELETE', `/api/metric-types/${typeId}`, asManager());
    expect(one.status).toBe(409);
    expect(one.body).toEqual(errorEnvelope(`Cannot delete ${name}: it has 1 recorded value`));

    for (const value of [50, 60]) {
      await insertMetricValue(ctx().db, { userId: employeeId, metricTypeId: typeId, value });
    }
    const three = await ctx().call('DELETE', `/api/metric-types/${typeId}`, asManager());
    expect(three.status).toBe(409);
    expect(three.body.message).toBe(`Cannot delete ${name}: it has 3 recorded values`);
    expect(await auditEntriesOf(ctx(), 'metric_type', typeId)).toEqual([]);
  });

  it('deletes an unused type and audits it with a copy', async () => {
    const created = await create({
      metric_name: uniqueName('Temporary'),
      measurement_unit: 'hours',
    });
    const id = created.body.data.metric_type.id as number;
    const res = await ctx().call('DELETE', `/api/metric-types/${id}`, asManager());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Metric type deleted successfully',
      data: { id },
    });
    expect((await ctx().call('GET', `/api/metric-types/${id}`, asManager())).status).toBe(404);
    const entries = await auditEntriesOf(ctx(), 'metric_type', id);
    expect(entries.map((e) => e.name)).toEqual(['Metric Type Created', 'Metric Type Deleted']);
    expect(JSON.parse(entries[1]!.before_json!)).toEqual(created.body.data.metric_type);
    expect(entries[1]!.after_json).toBeNull();
  });

  it('lists types by name with paging, search and sort', async () => {
    const tag = `Zeta${process.pid}x${++unique}`;
    for (const name of ['b', 'A', 'c', 'D', 'e']) {
      await insertMetricType(ctx().db, { metric_name: `${tag} ${name}` });
    }
    const page1 = await ctx().call(
      'GET',
      `/api/metric-types?search=${tag.toLowerCase()}&limit=2`,
      asManager(),
    );
    expect(page1.status).toBe(200);
    expect(page1.body.data.metric_types.map((t: { metric_name: string }) => t.metric_name)).toEqual(
      [`${tag} A`, `${tag} b`],
    );
    expect(page1.body.data.pagination).toEqual({ page: 1, limit: 2, total: 5 });

    const page3 = await ctx().call(
      'GET',
      `/api/metric-types?search=${tag}&limit=2&page=3`,
      asManager(),
    );
    expect(page3.body.data.metric_types.map((t: { metric_name: string }) => t.metric_name)).toEqual(
      [`${tag} e`],
    );

    const desc = await ctx().call(
      'GET',
      `/api/metric-types?search=${tag}&sort=metric_name&order=desc&limit=1`,
      asManager(),
    );
    expect(desc.body.data.metric_types[0].metric_name).toBe(`${tag} e`);

    const literal = await ctx().call('GET', '/api/metric-types?search=%25_%25', asManager());
    expect(literal.body.data.metric_types).toEqual([]);

    const all = await ctx().call('GET', '/api/metric-types?limit=1000', asManager());
    expect(all.body.data.pagination.total).toBe(all.body.data.metric_types.length);

    for (const [query, field, message] of [
      ['limit=1001', 'limit', 'limit must be at most 1000'],
      ['limit=0', 'limit', 'limit must be at least 1'],
      ['page=0', 'page', 'page must be at least 1'],
      ['sort=password', 'sort', 'sort must be one of metric_name, created_at, id'],
      ['order=up', 'order', 'order must be asc or desc'],
    ] as const) {
      const res = await ctx().call('GET', `/api/metric-types?${query}`, asManager());
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(errorEnvelope(message, field));
    }
  });

  it('answers each type as it is now, once read, whoever changes it', async () => {
    const tag = `Kept${process.pid}x${++unique}`;
    const first = await insertMetricType(ctx().db, {
      metric_name: `${tag} A`,
      created_at: '2099-01-02T09:00:00.000Z',
    });
    await insertMetricType(ctx().db, {
      metric_name: `${tag} B`,
      created_at: '2099-01-01T09:00:00.000Z',
    });
    // Its own URL each time: the response cache answers none of these reads.
    let read = 0;
    const page = async (query: string) => {
      const url = `/api/metric-types?${query}&read=${read++}`;
      const res = await ctx().call('GET', url, asManager());
      expect(res.status).toBe(200);
      return (
        res.body.data.metric_types as {
          metric_name: string;
          description: string | null;
          maximum_value: number | null;
        }[]
      ).map(({ metric_name, description, maximum_value }) => [
        metric_name,
        description,
        maximum_value,
      ]);
    };
    // A search's page and the whole list's (the newest: these types are dated 2099).
    const pages = [`search=${tag}`, 'sort=created_at&order=desc&limit=2'];
    const expectPages = async (expected: unknown[][]) => {
      for (const query of pages) expect(await page(query), query).toEqual(expected);
    };
    for (const query of pages) await page(query);
    await expectPages([
      [`${tag} A`, null, null],
      [`${tag} B`, null, null],
    ]);

    // Written straight into the database: the versions are kept by triggers, not by the routes.
    await ctx()
      .db.updateTable('metric_types')
      .set({ metric_name: `${tag} C`, description: 'Renamed', maximum_value: 90 })
      .where('id', '=', first)
      .execute();
    expect(await page(`search=${tag}`)).toEqual([
      [`${tag} B`, null, null],
      [`${tag} C`, 'Renamed', 90],
    ]);
    expect(await page(pages[1]!)).toEqual([
      [`${tag} C`, 'Renamed', 90],
      [`${tag} B`, null, null],
    ]);
    await ctx().db.deleteFrom('metric_types').where('id', '=', first).execute();
    expect(await page(`search=${tag}`)).toEqual([[`${tag} B`, null, null]]);
    expect((await page(pages[1]!))[0]).toEqual([`${tag} B`, null, null]);
  });

  it('lists the units in use with the usual ones, once each, sorted', async () => {
    await insertMetricType(ctx().db, { measurement_unit: 'Sessions' });
    await insertMetricType(ctx().db, { measurement_unit: 'Hours' });
    await insertMetricType(ctx().db, { measurement_unit: null });
    const res = await ctx().call('GET', '/api/metric-types/units', asManager());
    expect(res.status).toBe(200);
    const units = res.body.data.measurement_units as string[];
    expect(units).toEqual(expect.arrayContaining(['%', 'Hours', 'points', 'score', 'Sessions']));
    expect(units).not.toContain('hours');
    expect(units).toEqual(
      [...units].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    expect(new Set(units.map((u) => u.toLowerCase())).size).toBe(units.length);
  });

  it('documents every performance data route in the OpenAPI document', async () => {
    const res = await ctx().call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const expected: Record<string, string[]> = {
      '/api/metric-types': ['get', 'post'],
      '/api/metric-types/units': ['get'],
      '/api/metric-types/{id}': ['get', 'put', 'delete'],
      '/api/performance-metrics': ['get', 'post'],
      '/api/performance-metrics/user/{id}': ['get'],
      '/api/performance-metrics/{id}': ['put', 'delete'],
      '/api/bonuses': ['get', 'post'],
      '/api/bonuses/{id}': ['put', 'delete'],
      '/api/employees/my-performance-metrics': ['get'],
      '/api/employees/my-bonuses': ['get'],
      '/api/employees/has-bonuses': ['get'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods));
    }
    const recordBody = JSON.stringify(paths['/api/performance-metrics']!.post);
    for (const field of ['metric_type_id', 'user_id', 'value', 'comment', 'created_at']) {
      expect(recordBody).toContain(field);
    }
  });
});
