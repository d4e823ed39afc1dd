import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { nowIso } from '../src/lib/clock';
import { insertEmployee, recordMetricValue } from './helpers/factories';
import { insertBonus } from './helpers/insights';
import { describeEachEngine } from './helpers/test-app';

describeEachEngine('entity tags (ETag and 304)', (ctx) => {
  const read = (url: string, token: string, tag?: string) =>
    ctx().call('GET', url, { token, headers: tag ? { 'if-none-match': tag } : {} });
  const dataVersion = async () => {
    const row = await ctx()
      .db.selectFrom('list_totals')
      .select('value')
      .where('name', '=', 'data_version')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  };

  it('answers a read revalidated with its tag 304, with no body and the same tag', async () => {
    const { as, db } = ctx();
    await insertEmployee(db);
    const first = await read('/api/employees?limit=5', as.manager.token);
    expect(first.status).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await read('/api/employees?limit=5', as.manager.token, tag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(tag);
    // A list of tags, the strong form of the same tag, and `*` all name it.
    for (const header of [`"other", ${tag}`, tag.slice(2), '*']) {
      expect((await read('/api/employees?limit=5', as.manager.token, header)).status).toBe(304);
    }
    expect((await read('/api/employees?limit=5', as.manager.token, 'W/"other"')).status).toBe(200);
  });

  it('gives a new tag and the new answer after any write, through the API or not', async () => {
    const { as, db, call } = ctx();
    const employeeId = await insertEmployee(db, { first_name: 'Before' });
    const url = `/api/employees/${employeeId}`;
    const before = await read(url, as.manager.token);
    const tag = String(before.headers.etag);

    await db
      .updateTable('employees')
      .set({ first_name: 'After', updated_at: nowIso() })
      .where('id', '=', employeeId)
      .execute();
    const changed = await read(url, as.manager.token, tag);
    expect(changed.status).toBe(200);
    expect(changed.body.data.employee.first_name).toBe('After');
    const newer = String(changed.headers.etag);
    expect(newer).not.toBe(tag);

    const recorded = await call('POST', '/api/bonuses', {
      token: as.manager.token,
      body: { employee_id: employeeId, bonus_name: 'Tagged', description: 'For the tag' },
    });
    expect(recorded.status).toBe(201);
    expect((await read(url, as.manager.token, newer)).status).toBe(200);
  });

  it("never answers another account's tag 304, nor a caller the guard refuses", async () => {
    const { as, db } = ctx();
    await insertEmployee(db);
    const tag = String((await read('/api/employees?limit=5', as.manager.token)).headers.etag);
    const admin = await read('/api/employees?limit=5', as.admin.token, tag);
    expect(admin.status).toBe(200);
    expect(admin.headers.etag).not.toBe(tag);

    // An employee may not list staff: the guard's 403 comes first, whatever the tag.
    const employeeTag = String((await read('/api/auth/me', as.employee.token)).headers.etag);
    const refused = await read('/api/employees?limit=5', as.employee.token, employeeTag);
    expect(refused.status).toBe(403);
    expect(refused.headers.etag).toBeUndefined();

    // A session revoked after the tag was given is refused, not answered 304.
    await db
      .updateTable('users')
      .set({ tokens_valid_after: Date.now() + 60_000 })
      .where('id', '=', as.manager.id)
      .execute();
    const revoked = await read('/api/employees?limit=5', as.manager.token, tag);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.etag).toBeUndefined();
  });

  it('gives public reads and writes no tag', async () => {
    const { as, call } = ctx();
    expect((await call('GET', '/api/health')).headers.etag).toBeUndefined();
    const created = await call('POST', '/api/metric-types', {
      token: as.admin.token,
      body: { metric_name: 'Tagged' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.etag).toBeUndefined();
  });

  // The tags hold only while every write to a table an answer shows moves the version.
  it('moves the data version with a write to every table an answer shows', async () => {
    const { db } = ctx();
    const employeeId = await insertEmployee(db);
    const writes: [string, () => Promise<unknown>][] = [
      ['employees', () => insertEmployee(db)],
      [
        'performance_metrics and score tables',
        () => recordMetricValue(db, { employeeId, value: 5 }),
      ],
      ['bonuses', () => insertBonus(db, { employeeId })],
      [
        'users',
        () =>
          db
            .updateTable('users')
            .set({ updated_at: nowIso() })
            .where('id', '=', ctx().as.admin.id)
            .execute(),
      ],
      ['metric_types', () => sql`update metric_types set updated_at = updated_at`.execute(db)],
      [
        'questions',
        () =>
          db
            .insertInto('questions')
            .values({
              employee_id: employeeId,
              question: 'Q?',
              asked_by: null,
              created_at: nowIso(),
              updated_at: nowIso(),
            })
            .execute(),
      ],
      [
        'audit_entries',
        () =>
          db
            .insertInto('audit_entries')
            .values({
              name: 'Test',
              description: 'A test entry',
              actor_user_id: null,
              actor_email: null,
              ip_address: null,
              entity_type: null,
              entity_id: null,
              before_json: null,
              after_json: null,
              created_at: nowIso(),
              updated_at: nowIso(),
            })
            .execute(),
      ],
    ];
    for (const [table, write] of writes) {
      const before = await dataVersion();
      await write();
      expect(await dataVersion(), table).toBeGreaterThan(before);
    }
  });

  it("keeps each caller's answers apart", async () => {
    const { call, newUser, db } = ctx();
    const a = await newUser('employee');
    const b = await newUser('employee');
    await insertBonus(db, { employeeId: a.employeeId! });
    const mine = await call('GET', '/api/employees/my-bonuses', { token: a.token });
    const theirs = await call('GET', '/api/employees/my-bonuses', { token: b.token });
    expect(mine.body.data.bonuses).toHaveLength(1);
    expect(theirs.body.data.bonuses).toHaveLength(0);
  });
});
