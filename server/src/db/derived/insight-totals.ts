import type { Engine } from '../database';
import { anyOf, disagreements } from './compare';
import { declare, fn, trigger } from './declaration';

const dayOf = (engine: Engine, column: string) =>
  engine === 'sqlite'
    ? `strftime('%Y-%m-%d', ${column})`
    : `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The whole-number score a histogram bar counts (the engines' own triggers' expressions). */
const bucketOf = (engine: Engine) =>
  engine === 'sqlite' ? 'cast(average_score as integer)' : 'cast(floor(average_score) as integer)';

const counts = `(select 'employees' as name, count(*) as n from employees
    union all select 'metric_values', count(*) from performance_metrics
    union all select 'bonuses', count(*) from bonuses)`;

const departments = `from employees as e
    left join employee_scores as s on s.employee_id = e.id and s.metric_count > 0
    group by e.department`;

const rebuild = (engine: Engine) => [
  "delete from insight_totals where name <> 'ranking_version'",
  `insert into insight_totals (name, value) select name, n from ${counts} as t`,
  engine === 'postgres'
    ? `insert into insight_totals (name, shard, value) values ('ranking_version', 0, 1)
  on conflict (name, shard) do update set value = insight_totals.value + 1`
    : `insert into insight_totals (name, value) values ('ranking_version', 1)
  on conflict (name) do update set value = insight_totals.value + 1`,
  'delete from monthly_metric_totals',
  `insert into monthly_metric_totals (month, metric_count)
  select month, sum(metric_count) from employee_monthly_scores group by month`,
  'delete from daily_bonus_totals',
  `insert into daily_bonus_totals (day, bonus_count)
  select ${dayOf(engine, 'created_at')}, count(*) from bonuses group by ${dayOf(engine, 'created_at')}`,
  'delete from department_totals',
  `insert into department_totals
    (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
  select e.department, count(*), count(s.employee_id), coalesce(sum(s.metric_count), 0),
    coalesce(sum(s.value_sum_hundredths), 0)
  ${departments}`,
  'delete from score_histogram',
  `insert into score_histogram (bucket, staff_count)
  select ${bucketOf(engine)}, count(*) from employee_scores where metric_count > 0
  group by ${bucketOf(engine)}`,
];

/** Rows whose count went back to 0 stay in the tables and mean the same as no row. */
const check = (engine: Engine) =>
  anyOf(
    disagreements(
      engine,
      'insight_totals',
      {
        key: 'name',
        value: 'cast(sum(value) as text)',
        from: "from insight_totals where name <> 'ranking_version' group by name having sum(value) <> 0",
      },
      { key: 'name', value: 'cast(n as text)', from: `from ${counts} as t where n <> 0` },
    ),
    disagreements(
      engine,
      'monthly_metric_totals',
      {
        key: 'month',
        value: 'cast(sum(metric_count) as text)',
        from: 'from monthly_metric_totals group by month having sum(metric_count) <> 0',
      },
      {
        key: 'month',
        value: 'cast(sum(metric_count) as text)',
        from: 'from employee_monthly_scores group by month having sum(metric_count) <> 0',
      },
    ),
    disagreements(
      engine,
      'daily_bonus_totals',
      {
        key: 'day',
        value: 'cast(bonus_count as text)',
        from: 'from daily_bonus_totals where bonus_count <> 0',
      },
      {
        key: dayOf(engine, 'created_at'),
        value: 'cast(count(*) as text)',
        from: `from bonuses group by ${dayOf(engine, 'created_at')}`,
      },
    ),
    disagreements(
      engine,
      'department_totals',
      {
        key: 'department',
        value: `sum(staff_count) || ' staff, ' || sum(scored_staff_count) || ' scored, '
          || sum(metric_count) || ' values, ' || sum(value_sum_hundredths) || ' hundredths'`,
        from: 'from department_totals group by department having sum(staff_count) <> 0',
      },
      {
        key: 'e.department',
        value: `count(*) || ' staff, ' || count(s.employee_id) || ' scored, '
          || coalesce(sum(s.metric_count), 0) || ' values, '
          || coalesce(sum(s.value_sum_hundredths), 0) || ' hundredths'`,
        from: departments,
      },
    ),
    disagreements(
      engine,
      'score_histogram',
      {
        key: 'cast(bucket as text)',
        value: 'cast(sum(staff_count) as text)',
        from: 'from score_histogram group by bucket having sum(staff_count) <> 0',
      },
      {
        key: `cast(${bucketOf(engine)} as text)`,
        value: 'cast(count(*) as text)',
        from: `from employee_scores where metric_count > 0 group by ${bucketOf(engine)}`,
      },
    ),
  );

/**
 * HR's organisation-wide figures (migration 0004): staff, values and bonuses counted, values per
 * month, bonuses per UTC day, per-department staff and scores, and the score histogram. The
 * ranking version in insight_totals moves with every change a ranking shows (remembered rankings
 * are checked against it). On PostgreSQL every figure but the bonuses per day is kept in up to
 * 16 shard rows per key (migration 0002): each statement adds to its backend's shard, readers
 * sum the shards (ADR 30), and the rebuild writes shard 0 alone.
 */
export const insightTotals = declare({
  name: 'insight-totals',
  purpose:
    "HR's dashboard figures and charts read a handful of rows instead of counting every table.",
  tables: {
    sqlite: [
      'insight_totals',
      'monthly_metric_totals',
      'daily_bonus_totals',
      'department_totals',
      'score_histogram',
    ],
    postgres: [
      'insight_totals',
      'monthly_metric_totals',
      'daily_bonus_totals',
      'department_totals',
      'score_histogram',
    ],
  },
  sources: [
    'employees',
    'performance_metrics',
    'bonuses',
    'employee_scores',
    'employee_monthly_scores',
  ],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'bonuses',
        'insights_bonuses_created_at',
        `
      CREATE TRIGGER insights_bonuses_created_at after update of created_at on bonuses
        when strftime('%Y-%m-%d', new.created_at) is not strftime('%Y-%m-%d', old.created_at) begin
          update daily_bonus_totals set bonus_count = bonus_count - 1
            where day = strftime('%Y-%m-%d', old.created_at);
          insert into daily_bonus_totals (day, bonus_count)
          values (strftime('%Y-%m-%d', new.created_at), 1)
          on conflict (day) do update set bonus_count = bonus_count + 1;
        end`,
      ),
      trigger(
        'bonuses',
        'insights_bonuses_delete',
        `
      CREATE TRIGGER insights_bonuses_delete after delete on bonuses begin
          update insight_totals set value = value - 1 where name = 'bonuses';
          update daily_bonus_totals set bonus_count = bonus_count - 1
            where day = strftime('%Y-%m-%d', old.created_at);
        end`,
      ),
      trigger(
        'bonuses',
        'insights_bonuses_insert',
        `
      CREATE TRIGGER insights_bonuses_insert after insert on bonuses begin
          update insight_totals set value = value + 1 where name = 'bonuses';
          insert into daily_bonus_totals (day, bonus_count)
          values (strftime('%Y-%m-%d', new.created_at), 1)
          on conflict (day) do update set bonus_count = bonus_count + 1;
        end`,
      ),
      trigger(
        'employee_monthly_scores',
        'insights_monthly_delete',
        `
      CREATE TRIGGER insights_monthly_delete after delete on employee_monthly_scores begin
          update monthly_metric_totals set metric_count = metric_count - old.metric_count
            where month = old.month;
        end`,
      ),
      trigger(
        'employee_monthly_scores',
        'insights_monthly_insert',
        `
      CREATE TRIGGER insights_monthly_insert after insert on employee_monthly_scores begin
          insert into monthly_metric_totals (month, metric_count) values (new.month, new.metric_count)
          on conflict (month) do update set metric_count = metric_count + new.metric_count;
        end`,
      ),
      trigger(
        'employee_monthly_scores',
        'insights_monthly_update',
        `
      CREATE TRIGGER insights_monthly_update after update on employee_monthly_scores begin
          update monthly_metric_totals set metric_count = metric_count - old.metric_count
            where month = old.month;
          insert into monthly_metric_totals (month, metric_count) values (new.month, new.metric_count)
          on conflict (month) do update set metric_count = metric_count + new.metric_count;
        end`,
      ),
      trigger(
        'employee_scores',
        'insights_scores_delete',
        `
      CREATE TRIGGER insights_scores_delete after delete on employee_scores begin
             update insight_totals set value = value + 1 where name = 'ranking_version';
        update department_totals set
          scored_staff_count = scored_staff_count - 1,
          metric_count = metric_count - old.metric_count,
          value_sum_hundredths = value_sum_hundredths - old.value_sum_hundredths
        where department = (select department from employees where id = old.employee_id)
          and old.metric_count > 0;
        update score_histogram set staff_count = staff_count - 1
        where bucket = cast(old.average_score as integer) and old.metric_count > 0;
           end`,
      ),
      trigger(
        'employee_scores',
        'insights_scores_insert',
        `
      CREATE TRIGGER insights_scores_insert after insert on employee_scores begin
             update insight_totals set value = value + 1 where name = 'ranking_version';
        update department_totals set
          scored_staff_count = scored_staff_count + 1,
          metric_count = metric_count + new.metric_count,
          value_sum_hundredths = value_sum_hundredths + new.value_sum_hundredths
        where department = (select department from employees where id = new.employee_id)
          and new.metric_count > 0;
        insert into score_histogram (bucket, staff_count)
        select cast(new.average_score as integer), 1 where new.metric_count > 0
        on conflict (bucket) do update set staff_count = staff_count + 1;
           end`,
      ),
      trigger(
        'employee_scores',
        'insights_scores_update',
        `
      CREATE TRIGGER insights_scores_update after update of metric_count, value_sum_hundredths, average_score on employee_scores begin
             update insight_totals set value = value + 1 where name = 'ranking_version';
        update department_totals set
          scored_staff_count = scored_staff_count - 1,
          metric_count = metric_count - old.metric_count,
          value_sum_hundredths = value_sum_hundredths - old.value_sum_hundredths
        where department = (select department from employees where id = old.employee_id)
          and old.metric_count > 0;
        update score_histogram set staff_count = staff_count - 1
        where bucket = cast(old.average_score as integer) and old.metric_count > 0;
        update department_totals set
          scored_staff_count = scored_staff_count + 1,
          metric_count = metric_count + new.metric_count,
          value_sum_hundredths = value_sum_hundredths + new.value_sum_hundredths
        where department = (select department from employees where id = new.employee_id)
          and new.metric_count > 0;
        insert into score_histogram (bucket, staff_count)
        select cast(new.average_score as integer), 1 where new.metric_count > 0
        on conflict (bucket) do update set staff_count = staff_count + 1;
           end`,
      ),
      trigger(
        'employees',
        'insights_employees_delete',
        `
      CREATE TRIGGER insights_employees_delete before delete on employees begin
          delete from employee_monthly_scores where employee_id = old.id;
          delete from employee_scores where employee_id = old.id;
          update insight_totals set value = value - 1 where name = 'employees';
          update department_totals set staff_count = staff_count - 1
            where department = old.department;
        end`,
      ),
      trigger(
        'employees',
        'insights_employees_department',
        `
      CREATE TRIGGER insights_employees_department after update of department on employees
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
      ),
      trigger(
        'employees',
        'insights_employees_insert',
        `
      CREATE TRIGGER insights_employees_insert after insert on employees begin
          update insight_totals set value = value + 1 where name = 'employees';
          insert into department_totals
            (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
          values (new.department, 1, 0, 0, 0)
          on conflict (department) do update set staff_count = staff_count + 1;
        end`,
      ),
      trigger(
        'employees',
        'insights_employees_ranked_fields',
        `
      CREATE TRIGGER insights_employees_ranked_fields
        after update of first_name, last_name, position, department on employees begin
          update insight_totals set value = value + 1 where name = 'ranking_version';
        end`,
      ),
      trigger(
        'performance_metrics',
        'insights_metric_values_delete',
        `
      CREATE TRIGGER insights_metric_values_delete after delete on performance_metrics begin
          update insight_totals set value = value - 1 where name = 'metric_values';
        end`,
      ),
      trigger(
        'performance_metrics',
        'insights_metric_values_insert',
        `
      CREATE TRIGGER insights_metric_values_insert after insert on performance_metrics begin
          update insight_totals set value = value + 1 where name = 'metric_values';
        end`,
      ),
    ],
    postgres: [
      fn(
        'insights_bonus_days',
        `
      CREATE OR REPLACE FUNCTION insights_bonus_days()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op in ('UPDATE', 'DELETE') then
                 update daily_bonus_totals d set bonus_count = d.bonus_count - gone.n
                 from (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as n
                       from old_rows group by 1) gone
                 where d.day = gone.day;
               end if;
               if tg_op in ('UPDATE', 'INSERT') then
                 insert into daily_bonus_totals as d (day, bonus_count)
                 select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), count(*) from new_rows
                 group by 1 order by 1
                 on conflict (day) do update set bonus_count = d.bonus_count + excluded.bonus_count;
               end if;
               return null;
             end $function$`,
      ),
      fn(
        'insights_count_rows',
        `
      CREATE OR REPLACE FUNCTION insights_count_rows()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             declare delta bigint;
             begin
               if tg_op = 'INSERT' then select count(*) into delta from new_rows;
               else select -count(*) into delta from old_rows;
               end if;
               if delta <> 0 then
                 insert into insight_totals as t (name, shard, value)
                 values (tg_argv[0], pg_backend_pid() % 16, delta)
                 on conflict (name, shard) do update set value = t.value + excluded.value;
               end if;
               return null;
             end $function$`,
      ),
      fn(
        'insights_employees_change',
        `
      CREATE OR REPLACE FUNCTION insights_employees_change()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op = 'INSERT' then
                 insert into insight_totals as t (name, shard, value)
                 values ('employees', pg_backend_pid() % 16, 1)
                 on conflict (name, shard) do update set value = t.value + 1;
                 insert into department_totals as d
                   (department, shard, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
                 values (new.department, pg_backend_pid() % 16, 1, 0, 0, 0)
                 on conflict (department, shard) do update set staff_count = d.staff_count + 1;
                 return null;
               elsif tg_op = 'DELETE' then
                 -- Score rows first, while the employee (and so its department) is still there.
                 delete from employee_monthly_scores where employee_id = old.id;
                 delete from employee_scores where employee_id = old.id;
                 insert into insight_totals as t (name, shard, value)
                 values ('employees', pg_backend_pid() % 16, -1)
                 on conflict (name, shard) do update set value = t.value - 1;
                 insert into department_totals as d
                   (department, shard, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
                 values (old.department, pg_backend_pid() % 16, -1, 0, 0, 0)
                 on conflict (department, shard) do update set staff_count = d.staff_count - 1;
                 return old;
               end if;
               -- UPDATE of what the rankings show.
               insert into insight_totals as t (name, shard, value)
               values ('ranking_version', pg_backend_pid() % 16, 1)
               on conflict (name, shard) do update set value = t.value + 1;
               if new.department is not distinct from old.department then
                 return null;
               end if;
               -- The department changed: move the employee and their scores, the two
               -- departments' rows in name order (every writer of two takes them so).
               insert into department_totals as d
                 (department, shard, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
               select v.department, pg_backend_pid() % 16, v.sign, v.sign * e.scored,
                 v.sign * e.metric_count, v.sign * e.value_sum_hundredths
               from (select case when s.metric_count > 0 then 1 else 0 end as scored,
                       case when s.metric_count > 0 then s.metric_count else 0 end as metric_count,
                       case when s.metric_count > 0 then s.value_sum_hundredths else 0 end
                         as value_sum_hundredths
                     from (select 1) one left join employee_scores s on s.employee_id = new.id) e
               cross join (values (old.department, -1), (new.department, 1)) as v(department, sign)
               order by v.department
               on conflict (department, shard) do update set
                 staff_count = d.staff_count + excluded.staff_count,
                 scored_staff_count = d.scored_staff_count + excluded.scored_staff_count,
                 metric_count = d.metric_count + excluded.metric_count,
                 value_sum_hundredths = d.value_sum_hundredths + excluded.value_sum_hundredths;
               return null;
             end $function$`,
      ),
      fn(
        'insights_monthly_change',
        `
      CREATE OR REPLACE FUNCTION insights_monthly_change()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op = 'UPDATE' and new.month = old.month then
                 if new.metric_count <> old.metric_count then
                   insert into monthly_metric_totals as m (month, shard, metric_count)
                   values (new.month, pg_backend_pid() % 16, new.metric_count - old.metric_count)
                   on conflict (month, shard) do update set metric_count = m.metric_count + excluded.metric_count;
                 end if;
                 return null;
               end if;
               if tg_op in ('UPDATE', 'DELETE') then
                 insert into monthly_metric_totals as m (month, shard, metric_count)
                 values (old.month, pg_backend_pid() % 16, -old.metric_count)
                 on conflict (month, shard) do update set metric_count = m.metric_count + excluded.metric_count;
               end if;
               if tg_op in ('INSERT', 'UPDATE') then
                 insert into monthly_metric_totals as m (month, shard, metric_count)
                 values (new.month, pg_backend_pid() % 16, new.metric_count)
                 on conflict (month, shard) do update set metric_count = m.metric_count + excluded.metric_count;
               end if;
               return null;
             end $function$`,
      ),
      fn(
        'insights_scores_change',
        `
      CREATE OR REPLACE FUNCTION insights_scores_change()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             declare
               gone_employee integer; gone_count bigint := 0; gone_sum bigint := 0; gone_bucket integer;
               kept_employee integer; kept_count bigint := 0; kept_sum bigint := 0; kept_bucket integer;
             begin
               insert into insight_totals as t (name, shard, value)
               values ('ranking_version', pg_backend_pid() % 16, 1)
               on conflict (name, shard) do update set value = t.value + 1;
               if tg_op in ('UPDATE', 'DELETE') and old.metric_count > 0 then
                 gone_employee := old.employee_id; gone_count := old.metric_count;
                 gone_sum := old.value_sum_hundredths;
                 gone_bucket := cast(floor(old.average_score) as integer);
               end if;
               if tg_op in ('INSERT', 'UPDATE') and new.metric_count > 0 then
                 kept_employee := new.employee_id; kept_count := new.metric_count;
                 kept_sum := new.value_sum_hundredths;
                 kept_bucket := cast(floor(new.average_score) as integer);
               end if;
               -- One statement a table, its rows in key order: writers sharing a shard take them
               -- in the same order.
               insert into department_totals as d
                 (department, shard, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
               select e.department, pg_backend_pid() % 16, 0, sum(c.scored), sum(c.metric_count),
                 sum(c.value_sum)
               from (values (gone_employee, -1, -gone_count, -gone_sum),
                            (kept_employee, 1, kept_count, kept_sum))
                 as c(employee_id, scored, metric_count, value_sum)
               join employees e on e.id = c.employee_id
               group by e.department
               having sum(c.scored) <> 0 or sum(c.metric_count) <> 0 or sum(c.value_sum) <> 0
               order by e.department
               on conflict (department, shard) do update set
                 scored_staff_count = d.scored_staff_count + excluded.scored_staff_count,
                 metric_count = d.metric_count + excluded.metric_count,
                 value_sum_hundredths = d.value_sum_hundredths + excluded.value_sum_hundredths;
               insert into score_histogram as h (bucket, shard, staff_count)
               select c.bucket, pg_backend_pid() % 16, sum(c.n)
               from (values (gone_bucket, -1), (kept_bucket, 1)) as c(bucket, n)
               where c.bucket is not null
               group by c.bucket having sum(c.n) <> 0
               order by c.bucket
               on conflict (bucket, shard) do update set staff_count = h.staff_count + excluded.staff_count;
               return null;
             end $function$`,
      ),
      trigger(
        'bonuses',
        'insights_bonus_days_delete',
        `
      CREATE TRIGGER insights_bonus_days_delete AFTER DELETE ON bonuses
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_bonus_days()`,
      ),
      trigger(
        'bonuses',
        'insights_bonus_days_insert',
        `
      CREATE TRIGGER insights_bonus_days_insert AFTER INSERT ON bonuses
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_bonus_days()`,
      ),
      trigger(
        'bonuses',
        'insights_bonus_days_update',
        `
      CREATE TRIGGER insights_bonus_days_update AFTER UPDATE ON bonuses
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_bonus_days()`,
      ),
      trigger(
        'bonuses',
        'insights_bonuses_delete',
        `
      CREATE TRIGGER insights_bonuses_delete AFTER DELETE ON bonuses
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_count_rows('bonuses')`,
      ),
      trigger(
        'bonuses',
        'insights_bonuses_insert',
        `
      CREATE TRIGGER insights_bonuses_insert AFTER INSERT ON bonuses
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_count_rows('bonuses')`,
      ),
      trigger(
        'employee_monthly_scores',
        'insights_monthly_change',
        `
      CREATE TRIGGER insights_monthly_change AFTER INSERT OR DELETE OR UPDATE ON employee_monthly_scores
        FOR EACH ROW
        EXECUTE FUNCTION insights_monthly_change()`,
      ),
      trigger(
        'employee_scores',
        'insights_scores_change',
        `
      CREATE TRIGGER insights_scores_change AFTER INSERT OR DELETE OR UPDATE ON employee_scores
        FOR EACH ROW
        EXECUTE FUNCTION insights_scores_change()`,
      ),
      trigger(
        'employees',
        'insights_employees_delete',
        `
      CREATE TRIGGER insights_employees_delete BEFORE DELETE ON employees
        FOR EACH ROW
        EXECUTE FUNCTION insights_employees_change()`,
      ),
      trigger(
        'employees',
        'insights_employees_department',
        `
      CREATE TRIGGER insights_employees_department AFTER UPDATE OF first_name, last_name, "position", department ON employees
        FOR EACH ROW
        EXECUTE FUNCTION insights_employees_change()`,
      ),
      trigger(
        'employees',
        'insights_employees_insert',
        `
      CREATE TRIGGER insights_employees_insert AFTER INSERT ON employees
        FOR EACH ROW
        EXECUTE FUNCTION insights_employees_change()`,
      ),
      trigger(
        'performance_metrics',
        'insights_metric_values_delete',
        `
      CREATE TRIGGER insights_metric_values_delete AFTER DELETE ON performance_metrics
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_count_rows('metric_values')`,
      ),
      trigger(
        'performance_metrics',
        'insights_metric_values_insert',
        `
      CREATE TRIGGER insights_metric_values_insert AFTER INSERT ON performance_metrics
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_count_rows('metric_values')`,
      ),
    ],
  },
  rebuild: { sqlite: rebuild('sqlite'), postgres: rebuild('postgres') },
  check: { sqlite: check('sqlite'), postgres: check('postgres') },
  limits: 'ranking_version is a counter: the rebuild moves it, the check cannot recompute it.',
});
