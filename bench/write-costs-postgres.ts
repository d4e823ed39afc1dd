/** write-costs.ts on PostgreSQL: the replay on a copy of the loaded database, one connection. */
import pg from 'pg';
import { BENCH_DATABASE_URL } from './databases';
import { onServer, withDatabase, WRITE_BASE_DATABASE, type WriteBase } from './write-base';
import { auditValues, cpuOf, params, selfCpu } from './write-replay';

/**
 * `writes` values recorded with the triggers whose names start with one of `drop` dropped;
 * `combined`: the six statements a value costs now instead of the ten it cost before.
 */
export async function pgRun(base: WriteBase, writes: number, drop: string[], combined = false) {
  const name = `spms_write_costs_${process.pid}`;
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${WRITE_BASE_DATABASE}`);
  const c = new pg.Client({ connectionString: withDatabase(BENCH_DATABASE_URL, name) });
  await c.connect();
  await c.query(`set time zone 'UTC'`);
  let dropped = 0;
  for (const t of (
    await c.query(
      `select c.relname, t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal`,
    )
  ).rows) {
    if (drop.some((p) => t.tgname.startsWith(p))) {
      await c.query(`drop trigger ${t.tgname} on ${t.relname}`);
      dropped++;
    }
  }
  const backend = (await c.query('select pg_backend_pid() as pid')).rows[0].pid as number;
  const manager = (await c.query('select id from users where email = $1', [base.accounts.manager]))
    .rows[0].id as number;
  const q = (statement: string, text: string, values: unknown[] = []) =>
    c.query({ name: statement, text, values });
  const spent: Record<string, { self: number; db: number }> = {};
  const time = async (label: string, f: () => Promise<unknown>) => {
    const t = selfCpu();
    const b = cpuOf(backend);
    await f();
    const s = (spent[label] ??= { self: 0, db: 0 });
    s.self += selfCpu() - t;
    s.db += cpuOf(backend) - b;
  };
  const one = async (n: number) => {
    const p = params(n);
    await time('session read', () =>
      q(
        'session',
        `select id, email, firstname, lastname, user_type, employee_id, password_is_temporary, tokens_valid_after, (select value from list_totals where name = 'data_version') as data_version from users where id = $1`,
        [manager],
      ),
    );
    await time('begin', () => q('begin', 'begin'));
    if (combined) {
      await time('type and employee read', () =>
        q(
          'type_employee',
          `select t.id as type_id, t.metric_name, t.measurement_unit, t.minimum_value, t.maximum_value,
        e.id as employee_id, e.first_name, e.last_name, e.email, e.join_date
      from (select 1) as one
      left join metric_types as t on t.id = $1
      left join (select id, first_name, last_name, email, join_date from employees where id = $2 for share) as e on true`,
          [p.type, p.user],
        ),
      );
    } else {
      await time('type read', () =>
        q(
          'type',
          'select id, metric_name, description, measurement_unit, minimum_value, maximum_value from metric_types where id = $1',
          [p.type],
        ),
      );
      await time('employee read', () =>
        q(
          'employee',
          'select id, first_name, last_name, email, join_date from employees where id = $1 for share',
          [p.user],
        ),
      );
    }
    let id = 0;
    await time('insert value', async () => {
      id = (
        await q(
          'insert',
          'insert into performance_metrics (user_id, metric_type_id, value_hundredths, comment, recorded_by, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7) returning id',
          [p.user, p.type, p.hundredths, 'Recorded by the benchmark', manager, p.now, p.now],
        )
      ).rows[0].id;
    });
    if (combined) {
      await time('totals and audit entry', () =>
        q(
          'totals_audit',
          `with overall as (
        insert into employee_scores (employee_id, metric_count, value_sum_hundredths, average_score, updated_at)
        values ($1::integer, 1, $2::bigint, $3::double precision, $4::timestamptz)
        on conflict (employee_id) do update set metric_count = employee_scores.metric_count + 1, value_sum_hundredths = employee_scores.value_sum_hundredths + $2::bigint,
        average_score = case when employee_scores.metric_count + 1 > 0 then (employee_scores.value_sum_hundredths + $2::bigint) * 1.0 / (employee_scores.metric_count + 1) / 100 else 0 end,
        updated_at = excluded.updated_at
        returning 1 as one
      ), monthly as (
        insert into employee_monthly_scores (employee_id, month, metric_count, value_sum_hundredths)
        select $1::integer, $5::text, 1, $2::bigint from overall
        on conflict (employee_id, month) do update set metric_count = employee_monthly_scores.metric_count + 1, value_sum_hundredths = employee_monthly_scores.value_sum_hundredths + $2::bigint
        returning 1 as one
      ), by_type as (
        insert into employee_metric_type_scores (employee_id, metric_type_id, metric_count, value_sum_hundredths)
        select $1::integer, $6::integer, 1, $2::bigint from monthly
        on conflict (employee_id, metric_type_id) do update set metric_count = employee_metric_type_scores.metric_count + 1, value_sum_hundredths = employee_metric_type_scores.value_sum_hundredths + $2::bigint
        returning 1 as one
      )
      insert into audit_entries (name, description, actor_user_id, actor_email, ip_address, entity_type, entity_id, before_json, after_json, created_at, updated_at)
      select $7::text, $8::text, $9::integer, $10::text, $11::text, $12::text, $13::integer, $14::text, $15::text, $16::timestamptz, $17::timestamptz
      from by_type returning 1 as one`,
          [
            p.user,
            p.hundredths,
            p.hundredths / 100,
            p.now,
            p.month,
            p.type,
            ...auditValues(p, manager, id),
          ],
        ),
      );
      await time('commit', () => q('commit', 'commit'));
      return;
    }
    await time('employee_scores', () =>
      q(
        'scores',
        `insert into employee_scores (employee_id, metric_count, value_sum_hundredths, average_score, updated_at) values ($1, 1, $2, $3, $4)
      on conflict (employee_id) do update set metric_count = employee_scores.metric_count + 1, value_sum_hundredths = employee_scores.value_sum_hundredths + $2,
      average_score = case when employee_scores.metric_count + 1 > 0 then (employee_scores.value_sum_hundredths + $2) * 1.0 / (employee_scores.metric_count + 1) / 100 else 0 end, updated_at = $4`,
        [p.user, p.hundredths, p.hundredths / 100, p.now],
      ),
    );
    await time('monthly scores', () =>
      q(
        'monthly',
        `insert into employee_monthly_scores (employee_id, month, metric_count, value_sum_hundredths) values ($1, $2, 1, $3)
      on conflict (employee_id, month) do update set metric_count = employee_monthly_scores.metric_count + 1, value_sum_hundredths = employee_monthly_scores.value_sum_hundredths + $3`,
        [p.user, p.month, p.hundredths],
      ),
    );
    await time('type scores', () =>
      q(
        'typed',
        `insert into employee_metric_type_scores (employee_id, metric_type_id, metric_count, value_sum_hundredths) values ($1, $2, 1, $3)
      on conflict (employee_id, metric_type_id) do update set metric_count = employee_metric_type_scores.metric_count + 1, value_sum_hundredths = employee_metric_type_scores.value_sum_hundredths + $3`,
        [p.user, p.type, p.hundredths],
      ),
    );
    await time('audit entry', () =>
      q(
        'audit',
        `insert into audit_entries (name, description, actor_user_id, actor_email, ip_address, entity_type, entity_id, before_json, after_json, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        auditValues(p, manager, id),
      ),
    );
    await time('commit', () => q('commit', 'commit'));
  };
  for (let i = 0; i < 150; i++) await one(i);
  for (const k of Object.keys(spent)) spent[k] = { self: 0, db: 0 };
  const t0 = selfCpu();
  const b0 = cpuOf(backend);
  for (let i = 0; i < writes; i++) await one(1000 + i);
  const total = (selfCpu() - t0) / writes;
  const dbTotal = (cpuOf(backend) - b0) / writes;
  await c.end();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return {
    dropped,
    total,
    dbTotal,
    parts: Object.fromEntries(
      Object.entries(spent).map(([k, v]) => [
        k,
        `${Math.round(v.self / writes)}+${Math.round(v.db / writes)}`,
      ]),
    ),
  };
}
