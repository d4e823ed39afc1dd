import { fn, trigger } from './declaration';

/**
 * The PostgreSQL half of insight-totals.ts's declaration: statement triggers over transition
 * tables, each adding to its backend's shard rows (ADR 30).
 */
export const insightTotalsPostgresChange = [
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
];
