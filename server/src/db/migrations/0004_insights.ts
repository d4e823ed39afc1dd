/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { columnTypes, isPostgres } from './helpers';

/**
 * Organisation-wide figures kept current by triggers, so the HR dashboard, its charts and a
 * caller's exact rank are read from a handful of rows instead of aggregating 10,000 staff:
 *
 * - insight_totals: how many employees, metric values and bonuses exist, and
 *   ranking_version, which changes whenever anything the rankings show may have changed (a score,
 *   or a ranked employee's name, position or department), so a ranking computed for one version
 *   can be served again until the next;
 * - monthly_metric_totals: metric values per month (the months of employee_monthly_scores,
 *   i.e. the server's time zone), for "+N this month";
 * - daily_bonus_totals: bonuses per UTC day; "this month" in any zone is then the whole days
 *   inside it plus two short created_at index ranges at its ends;
 * - department_totals: staff, scored staff, value count and sum per department (chart);
 * - score_histogram: scored staff per whole-number average score (floor), from which the score
 *   bands of SPEC.md 4 (thresholds 80, 60, 40 are whole numbers) and ranks are counted.
 *
 * Triggers rather than application code keep them, because every path that changes the base
 * tables (metric and bonus services, employee edits and deletes with their cascades, bulk
 * imports, rebuildScoreAggregates) then keeps them right without knowing they exist. On
 * PostgreSQL each trigger first takes one transaction-scoped advisory lock, so writers of these
 * few shared rows queue in one order and cannot deadlock; SQLite has a single writer anyway.
 */

/** pg_advisory_xact_lock key of the insight aggregates ("spms insights"). */
const LOCK_KEY = 7_341_002;

export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);

  await db.schema
    .createTable('insight_totals')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', types.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('monthly_metric_totals')
    .addColumn('month', 'text', (col) => col.primaryKey())
    .addColumn('metric_count', types.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('daily_bonus_totals')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('bonus_count', types.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('department_totals')
    .addColumn('department', 'text', (col) => col.primaryKey())
    .addColumn('staff_count', 'integer', (col) => col.notNull())
    .addColumn('scored_staff_count', 'integer', (col) => col.notNull())
    .addColumn('metric_count', types.bigint, (col) => col.notNull())
    .addColumn('value_sum_hundredths', types.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('score_histogram')
    .addColumn('bucket', 'integer', (col) => col.primaryKey())
    .addColumn('staff_count', 'integer', (col) => col.notNull())
    .execute();

  await seedFromExistingData(db);
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

/** The same figures computed from scratch, for a database that already holds data. */
async function seedFromExistingData(db: Kysely<any>): Promise<void> {
  const bucket = isPostgres(db)
    ? sql`cast(floor(average_score) as integer)`
    : sql`cast(average_score as integer)`;
  await sql`insert into insight_totals (name, value)
    select 'employees', count(*) from employees
    union all select 'metric_values', count(*) from performance_metrics
    union all select 'bonuses', count(*) from bonuses
    union all select 'ranking_version', 0`.execute(db);
  const day = isPostgres(db)
    ? sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql`strftime('%Y-%m-%d', created_at)`;
  await sql`insert into daily_bonus_totals (day, bonus_count)
    select ${day}, count(*) from bonuses group by ${day}`.execute(db);
  await sql`insert into monthly_metric_totals (month, metric_count)
    select month, sum(metric_count) from employee_monthly_scores group by month`.execute(db);
  await sql`insert into department_totals
      (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
    select e.department, count(*), count(s.employee_id),
      coalesce(sum(s.metric_count), 0), coalesce(sum(s.value_sum_hundredths), 0)
    from employees e left join employee_scores s on s.employee_id = e.id and s.metric_count > 0
    group by e.department`.execute(db);
  await sql`insert into score_histogram (bucket, staff_count)
    select ${bucket}, count(*) from employee_scores where metric_count > 0
    group by ${bucket}`.execute(db);
}

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  const statements = [
    // Totals of rows.
    `create trigger insights_employees_insert after insert on employees begin
       update insight_totals set value = value + 1 where name = 'employees';
       insert into department_totals
         (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
       values (new.department, 1, 0, 0, 0)
       on conflict (department) do update set staff_count = staff_count + 1;
     end`,
    // Score rows go first, while the employee (and so its department) is still there; the
    // foreign-key cascade would run after the employee row is gone.
    `create trigger insights_employees_delete before delete on employees begin
       delete from employee_monthly_scores where employee_id = old.id;
       delete from employee_scores where employee_id = old.id;
       update insight_totals set value = value - 1 where name = 'employees';
       update department_totals set staff_count = staff_count - 1
         where department = old.department;
     end`,
    `create trigger insights_employees_department after update of department on employees
     when new.department is not old.department begin
       update department_totals set
         staff_count = staff_count - 1,
         scored_staff_count = scored_staff_count - (select count(*) from employee_scores
           where employee_id = old.id and metric_count > 0),
         metric_count = metric_count - coalesce((select metric_count from employee_scores
           where employee_id = old.id and metric_count > 0), 0),
         value_sum_hundredths = value_sum_hundredths - coalesce((select value_sum_hundredths
           from employee_scores where employee_id = old.id and metric_count > 0), 0)
       where department = old.department;
       insert into department_totals
         (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
       values (new.department, 0, 0, 0, 0) on conflict (department) do nothing;
       update department_totals set
         staff_count = staff_count + 1,
         scored_staff_count = scored_staff_count + (select count(*) from employee_scores
           where employee_id = new.id and metric_count > 0),
         metric_count = metric_count + coalesce((select metric_count from employee_scores
           where employee_id = new.id and metric_count > 0), 0),
         value_sum_hundredths = value_sum_hundredths + coalesce((select value_sum_hundredths
           from employee_scores where employee_id = new.id and metric_count > 0), 0)
       where department = new.department;
     end`,
    `create trigger insights_employees_ranked_fields
     after update of first_name, last_name, position, department on employees begin
       update insight_totals set value = value + 1 where name = 'ranking_version';
     end`,
    `create trigger insights_metric_values_insert after insert on performance_metrics begin
       update insight_totals set value = value + 1 where name = 'metric_values';
     end`,
    `create trigger insights_metric_values_delete after delete on performance_metrics begin
       update insight_totals set value = value - 1 where name = 'metric_values';
     end`,
    `create trigger insights_bonuses_insert after insert on bonuses begin
       update insight_totals set value = value + 1 where name = 'bonuses';
       insert into daily_bonus_totals (day, bonus_count)
       values (strftime('%Y-%m-%d', new.created_at), 1)
       on conflict (day) do update set bonus_count = bonus_count + 1;
     end`,
    `create trigger insights_bonuses_delete after delete on bonuses begin
       update insight_totals set value = value - 1 where name = 'bonuses';
       update daily_bonus_totals set bonus_count = bonus_count - 1
         where day = strftime('%Y-%m-%d', old.created_at);
     end`,
    `create trigger insights_bonuses_created_at after update of created_at on bonuses
     when strftime('%Y-%m-%d', new.created_at) is not strftime('%Y-%m-%d', old.created_at) begin
       update daily_bonus_totals set bonus_count = bonus_count - 1
         where day = strftime('%Y-%m-%d', old.created_at);
       insert into daily_bonus_totals (day, bonus_count)
       values (strftime('%Y-%m-%d', new.created_at), 1)
       on conflict (day) do update set bonus_count = bonus_count + 1;
     end`,
    // Monthly totals follow the per-employee monthly rows.
    `create trigger insights_monthly_insert after insert on employee_monthly_scores begin
       insert into monthly_metric_totals (month, metric_count) values (new.month, new.metric_count)
       on conflict (month) do update set metric_count = metric_count + new.metric_count;
     end`,
    `create trigger insights_monthly_update after update on employee_monthly_scores begin
       update monthly_metric_totals set metric_count = metric_count - old.metric_count
         where month = old.month;
       insert into monthly_metric_totals (month, metric_count) values (new.month, new.metric_count)
       on conflict (month) do update set metric_count = metric_count + new.metric_count;
     end`,
    `create trigger insights_monthly_delete after delete on employee_monthly_scores begin
       update monthly_metric_totals set metric_count = metric_count - old.metric_count
         where month = old.month;
     end`,
    // Department and histogram follow the per-employee score rows: take the old row out, put
    // the new one in. Rows with no values left count nowhere (they are about to be deleted).
    ...['insert', 'update', 'delete'].map(
      (event) => `create trigger insights_scores_${event} after ${event} on employee_scores begin
       update insight_totals set value = value + 1 where name = 'ranking_version';
       ${event === 'insert' ? '' : scoresTakeOutSqlite}
       ${event === 'delete' ? '' : scoresPutInSqlite}
     end`,
    ),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

const scoresTakeOutSqlite = `
  update department_totals set
    scored_staff_count = scored_staff_count - 1,
    metric_count = metric_count - old.metric_count,
    value_sum_hundredths = value_sum_hundredths - old.value_sum_hundredths
  where department = (select department from employees where id = old.employee_id)
    and old.metric_count > 0;
  update score_histogram set staff_count = staff_count - 1
  where bucket = cast(old.average_score as integer) and old.metric_count > 0;`;

const scoresPutInSqlite = `
  update department_totals set
    scored_staff_count = scored_staff_count + 1,
    metric_count = metric_count + new.metric_count,
    value_sum_hundredths = value_sum_hundredths + new.value_sum_hundredths
  where department = (select department from employees where id = new.employee_id)
    and new.metric_count > 0;
  insert into score_histogram (bucket, staff_count)
  select cast(new.average_score as integer), 1 where new.metric_count > 0
  on conflict (bucket) do update set staff_count = staff_count + 1;`;

async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  const lock = `perform pg_advisory_xact_lock(${LOCK_KEY});`;
  const statements = [
    `create function insights_employees_change() returns trigger language plpgsql as $$
     begin
       ${lock}
       if tg_op = 'INSERT' then
         update insight_totals set value = value + 1 where name = 'employees';
         insert into department_totals as d
           (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
         values (new.department, 1, 0, 0, 0)
         on conflict (department) do update set staff_count = d.staff_count + 1;
         return null;
       elsif tg_op = 'DELETE' then
         -- Score rows first, while the employee (and so its department) is still there.
         delete from employee_monthly_scores where employee_id = old.id;
         delete from employee_scores where employee_id = old.id;
         update insight_totals set value = value - 1 where name = 'employees';
         update department_totals set staff_count = staff_count - 1
           where department = old.department;
         return old;
       end if;
       -- UPDATE of what the rankings show.
       update insight_totals set value = value + 1 where name = 'ranking_version';
       if new.department is not distinct from old.department then
         return null;
       end if;
       -- The department changed: move the employee and their scores.
       update department_totals d set
         staff_count = d.staff_count - 1,
         scored_staff_count = d.scored_staff_count - (case when s.metric_count > 0 then 1 else 0 end),
         metric_count = d.metric_count - (case when s.metric_count > 0 then s.metric_count else 0 end),
         value_sum_hundredths = d.value_sum_hundredths
           - (case when s.metric_count > 0 then s.value_sum_hundredths else 0 end)
       from (select 1) one left join employee_scores s on s.employee_id = old.id
       where d.department = old.department;
       insert into department_totals as d
         (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
       values (new.department, 0, 0, 0, 0) on conflict (department) do nothing;
       update department_totals d set
         staff_count = d.staff_count + 1,
         scored_staff_count = d.scored_staff_count + (case when s.metric_count > 0 then 1 else 0 end),
         metric_count = d.metric_count + (case when s.metric_count > 0 then s.metric_count else 0 end),
         value_sum_hundredths = d.value_sum_hundredths
           + (case when s.metric_count > 0 then s.value_sum_hundredths else 0 end)
       from (select 1) one left join employee_scores s on s.employee_id = new.id
       where d.department = new.department;
       return null;
     end $$`,
    `create trigger insights_employees_insert after insert on employees
       for each row execute function insights_employees_change()`,
    `create trigger insights_employees_delete before delete on employees
       for each row execute function insights_employees_change()`,
    `create trigger insights_employees_department
       after update of first_name, last_name, position, department on employees
       for each row execute function insights_employees_change()`,

    // Bulk inserts of values and bonuses: one update per statement, not per row.
    `create function insights_count_rows() returns trigger language plpgsql as $$
     declare delta bigint;
     begin
       if tg_op = 'INSERT' then select count(*) into delta from new_rows;
       else select -count(*) into delta from old_rows;
       end if;
       if delta <> 0 then
         ${lock}
         update insight_totals set value = value + delta where name = tg_argv[0];
       end if;
       return null;
     end $$`,
    ...[
      ['performance_metrics', 'metric_values'],
      ['bonuses', 'bonuses'],
    ].flatMap(([table, name]) => [
      `create trigger insights_${name}_insert after insert on ${table}
         referencing new table as new_rows for each statement
         execute function insights_count_rows('${name}')`,
      `create trigger insights_${name}_delete after delete on ${table}
         referencing old table as old_rows for each statement
         execute function insights_count_rows('${name}')`,
    ]),

    `create function insights_bonus_days() returns trigger language plpgsql as $$
     begin
       ${lock}
       if tg_op in ('UPDATE', 'DELETE') then
         update daily_bonus_totals d set bonus_count = d.bonus_count - gone.n
         from (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as n
               from old_rows group by 1) gone
         where d.day = gone.day;
       end if;
       if tg_op in ('UPDATE', 'INSERT') then
         insert into daily_bonus_totals as d (day, bonus_count)
         select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), count(*) from new_rows
         group by 1
         on conflict (day) do update set bonus_count = d.bonus_count + excluded.bonus_count;
       end if;
       return null;
     end $$`,
    `create trigger insights_bonus_days_insert after insert on bonuses
       referencing new table as new_rows for each statement
       execute function insights_bonus_days()`,
    `create trigger insights_bonus_days_update after update on bonuses
       referencing old table as old_rows new table as new_rows for each statement
       execute function insights_bonus_days()`,
    `create trigger insights_bonus_days_delete after delete on bonuses
       referencing old table as old_rows for each statement
       execute function insights_bonus_days()`,

    `create function insights_monthly_change() returns trigger language plpgsql as $$
     begin
       ${lock}
       if tg_op in ('UPDATE', 'DELETE') then
         update monthly_metric_totals set metric_count = metric_count - old.metric_count
           where month = old.month;
       end if;
       if tg_op in ('INSERT', 'UPDATE') then
         insert into monthly_metric_totals as m (month, metric_count)
         values (new.month, new.metric_count)
         on conflict (month) do update set metric_count = m.metric_count + new.metric_count;
       end if;
       return null;
     end $$`,
    `create trigger insights_monthly_change after insert or update or delete
       on employee_monthly_scores for each row execute function insights_monthly_change()`,

    `create function insights_scores_change() returns trigger language plpgsql as $$
     begin
       ${lock}
       update insight_totals set value = value + 1 where name = 'ranking_version';
       if tg_op in ('UPDATE', 'DELETE') and old.metric_count > 0 then
         update department_totals set
           scored_staff_count = scored_staff_count - 1,
           metric_count = metric_count - old.metric_count,
           value_sum_hundredths = value_sum_hundredths - old.value_sum_hundredths
         where department = (select department from employees where id = old.employee_id);
         update score_histogram set staff_count = staff_count - 1
           where bucket = cast(floor(old.average_score) as integer);
       end if;
       if tg_op in ('INSERT', 'UPDATE') and new.metric_count > 0 then
         update department_totals set
           scored_staff_count = scored_staff_count + 1,
           metric_count = metric_count + new.metric_count,
           value_sum_hundredths = value_sum_hundredths + new.value_sum_hundredths
         where department = (select department from employees where id = new.employee_id);
         insert into score_histogram as h (bucket, staff_count)
         values (cast(floor(new.average_score) as integer), 1)
         on conflict (bucket) do update set staff_count = h.staff_count + 1;
       end if;
       return null;
     end $$`,
    `create trigger insights_scores_change after insert or update or delete
       on employee_scores for each row execute function insights_scores_change()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    const triggers: [string, string][] = [
      ['insights_employees_insert', 'employees'],
      ['insights_employees_delete', 'employees'],
      ['insights_employees_department', 'employees'],
      ['insights_metric_values_insert', 'performance_metrics'],
      ['insights_metric_values_delete', 'performance_metrics'],
      ['insights_bonuses_insert', 'bonuses'],
      ['insights_bonuses_delete', 'bonuses'],
      ['insights_bonus_days_insert', 'bonuses'],
      ['insights_bonus_days_update', 'bonuses'],
      ['insights_bonus_days_delete', 'bonuses'],
      ['insights_monthly_change', 'employee_monthly_scores'],
      ['insights_scores_change', 'employee_scores'],
    ];
    for (const [name, table] of triggers) {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    }
    for (const name of [
      'insights_employees_change',
      'insights_count_rows',
      'insights_bonus_days',
      'insights_monthly_change',
      'insights_scores_change',
    ]) {
      await sql.raw(`drop function ${name}()`).execute(db);
    }
  } else {
    for (const name of [
      'insights_employees_insert',
      'insights_employees_delete',
      'insights_employees_department',
      'insights_employees_ranked_fields',
      'insights_metric_values_insert',
      'insights_metric_values_delete',
      'insights_bonuses_insert',
      'insights_bonuses_delete',
      'insights_bonuses_created_at',
      'insights_monthly_insert',
      'insights_monthly_update',
      'insights_monthly_delete',
      'insights_scores_insert',
      'insights_scores_update',
      'insights_scores_delete',
    ]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  for (const table of [
    'score_histogram',
    'department_totals',
    'monthly_metric_totals',
    'daily_bonus_totals',
    'insight_totals',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
