/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL triggers of migration 0004_insights: plpgsql functions, statement-level with
 * transition tables where bulk inserts happen. Each first takes one transaction-scoped advisory
 * lock, so writers of the shared rows queue in one order and cannot deadlock. Part of the
 * migration: never import application code here.
 */

/** pg_advisory_xact_lock key of the insight aggregates ("spms insights"). */
const LOCK_KEY = 7_341_002;

export async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
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

export async function dropPostgresTriggers(db: Kysely<any>): Promise<void> {
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
}
