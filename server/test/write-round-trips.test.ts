import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertEmployee } from './helpers/factories';
import { insertMetricType } from './helpers/performance-factories';
import { startTestApp, type TestContext } from './helpers/test-app';
import { describeOn } from './helpers/test-database';

/**
 * What one recorded value sends PostgreSQL: each statement is a round trip, and each costs the
 * server's CPU in the driver besides the wait (docs/performance-log.md, "Writes: where the time
 * goes"). Counted on every pg client, the shared reads' connection included.
 */
describeOn('postgres')('round trips of one recorded value [postgres]', () => {
  let context: (TestContext & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    context = await startTestApp('postgres');
  });
  afterAll(async () => {
    await context?.close();
  });

  async function statementsOf(send: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown }).text;
      sent.push(
        String(text)
          .replace(/\/\*[^*]*\*\//g, '')
          .trim(),
      );
      return (original as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await send();
    } finally {
      pg.Client.prototype.query = original;
    }
    return sent;
  }

  it('sends six statements: the session, begin, the checks, the value, its totals and audit entry, commit', async () => {
    const ctx = context!;
    const employeeId = await insertEmployee(ctx.db, { join_date: '2020-01-06' });
    const typeId = await insertMetricType(ctx.db, {});
    const record = async () => {
      const res = await ctx.call('POST', '/api/performance-metrics', {
        token: ctx.as.manager.token,
        body: { metric_type_id: typeId, user_id: employeeId, value: 50 },
      });
      expect(res.status).toBe(201);
    };
    await record();
    const sent = await statementsOf(record);
    const heads = sent.map((text) => text.split(/\s+/).slice(0, 3).join(' ').toLowerCase());
    expect(heads).toEqual([
      expect.stringMatching(/^select /), // the guard's session read
      'begin',
      expect.stringMatching(/^select t.id /), // the metric type and the employee, FOR SHARE
      'insert into "performance_metrics"',
      'with overall as', // the three score totals and the audit entry
      'commit',
    ]);
    expect(sent[2]).toMatch(/for share/);
    expect(sent[4]).toMatch(/insert into audit_entries/);
  });
  it("writes a changed value's totals and audit entry in one statement too", async () => {
    const ctx = context!;
    const employeeId = await insertEmployee(ctx.db, { join_date: '2020-01-06' });
    const typeId = await insertMetricType(ctx.db, {});
    const created = await ctx.call('POST', '/api/performance-metrics', {
      token: ctx.as.manager.token,
      body: { metric_type_id: typeId, user_id: employeeId, value: 50 },
    });
    const id = (created.body as { data: { performance_metric: { id: number } } }).data
      .performance_metric.id;
    const sent = await statementsOf(async () => {
      const res = await ctx.call('PUT', `/api/performance-metrics/${id}`, {
        token: ctx.as.manager.token,
        body: { value: 60 },
      });
      expect(res.status).toBe(200);
    });
    const heads = sent.map((text) => text.split(/\s+/).slice(0, 3).join(' ').toLowerCase());
    expect(heads.slice(-3)).toEqual([
      expect.stringMatching(/^select /), // the value as it now is, for the audit entry
      'with overall as',
      'commit',
    ]);
    expect(sent).toHaveLength(9);
  });
});
