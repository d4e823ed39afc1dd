import { trigger } from './declaration';

/**
 * The SQLite half of insight-totals.ts's declaration: row triggers keeping HR's figures, one
 * statement per change (SQLite has no statement triggers and one writer at a time).
 */
export const insightTotalsSqliteChange = [
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
];
