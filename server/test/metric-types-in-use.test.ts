import { expect, it } from 'vitest';
import { insertEmployee } from './helpers/factories';
import { insertMetricType, insertMetricValue } from './helpers/performance-factories';
import { describeEachEngine } from './helpers/test-app';

let unique = 0;

/**
 * Metric Setup offers Delete only for a type without values (issue 56): the list answers each
 * type's value count, current after every recorded, moved or deleted value, on a page read
 * again as on a page read for the first time.
 */
describeEachEngine('metric types: how many values each has', (ctx) => {
  const asManager = () => ({ token: ctx().as.manager.token });
  // Its own URL each time: the response cache answers none of these reads.
  let read = 0;
  const counts = async (tag: string) => {
    const res = await ctx().call(
      'GET',
      `/api/metric-types?search=${tag}&read=${read++}`,
      asManager(),
    );
    expect(res.status).toBe(200);
    return Object.fromEntries(
      (res.body.data.metric_types as { metric_name: string; value_count: number }[]).map((type) => [
        type.metric_name.slice(tag.length + 1),
        type.value_count,
      ]),
    );
  };

  it('answers 0 for an unused type and follows every value recorded, moved or deleted', async () => {
    const tag = `InUse${process.pid}x${++unique}`;
    const a = await insertMetricType(ctx().db, { metric_name: `${tag} A` });
    const b = await insertMetricType(ctx().db, { metric_name: `${tag} B` });
    const employee = await insertEmployee(ctx().db);
    expect(await counts(tag)).toEqual({ A: 0, B: 0 });
    // Read twice: the second answer is the remembered page, which must still be right after.
    expect(await counts(tag)).toEqual({ A: 0, B: 0 });

    // Written straight into the database: the counts are kept by triggers, not by the routes.
    const values = [];
    for (const value of [50, 60, 70]) {
      values.push(await insertMetricValue(ctx().db, { userId: employee, metricTypeId: a, value }));
    }
    expect(await counts(tag)).toEqual({ A: 3, B: 0 });

    // Through the API as a person records one.
    const recorded = await ctx().call('POST', '/api/performance-metrics', {
      ...asManager(),
      body: { user_id: employee, metric_type_id: b, value: 42 },
    });
    expect(recorded.status).toBe(201);
    expect(await counts(tag)).toEqual({ A: 3, B: 1 });

    await ctx()
      .db.updateTable('performance_metrics')
      .set({ metric_type_id: b })
      .where('id', '=', values[0]!)
      .execute();
    expect(await counts(tag)).toEqual({ A: 2, B: 2 });

    await ctx().db.deleteFrom('performance_metrics').where('metric_type_id', '=', a).execute();
    expect(await counts(tag)).toEqual({ A: 0, B: 2 });

    // A type the list says is unused can be deleted; one in use is refused, as the list says.
    expect((await ctx().call('DELETE', `/api/metric-types/${a}`, asManager())).status).toBe(200);
    expect((await ctx().call('DELETE', `/api/metric-types/${b}`, asManager())).status).toBe(409);
    expect(await counts(tag)).toEqual({ B: 2 });
  });

  it('answers the count on every page and sort, as a whole number', async () => {
    const tag = `Paged${process.pid}x${++unique}`;
    const employee = await insertEmployee(ctx().db);
    for (const [name, n] of [
      ['A', 2],
      ['B', 0],
      ['C', 1],
    ] as const) {
      const id = await insertMetricType(ctx().db, { metric_name: `${tag} ${name}` });
      for (let i = 0; i < n; i += 1) {
        await insertMetricValue(ctx().db, { userId: employee, metricTypeId: id, value: 10 + i });
      }
    }
    const res = await ctx().call(
      'GET',
      `/api/metric-types?search=${tag}&order=desc&limit=2&page=1&read=${read++}`,
      asManager(),
    );
    expect(
      res.body.data.metric_types.map((t: { metric_name: string; value_count: unknown }) => [
        t.metric_name,
        t.value_count,
      ]),
    ).toEqual([
      [`${tag} C`, 1],
      [`${tag} B`, 0],
    ]);
  });
});
