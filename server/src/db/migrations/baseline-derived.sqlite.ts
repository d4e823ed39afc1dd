/**
 * The derived part of the baseline schema on SQLite: tables computed from the data tables, their
 * indexes, every trigger that keeps them (in the old chain's creation order: SQLite fires a
 * table's triggers newest first, so the order is behaviour) and the rows they start with. Kept
 * apart from the data tables for the registry of derived tables (server/src/db/derived/), which
 * is to generate this part.
 */
export const sqliteDerivedSchema: readonly string[] = [
  // Score totals per employee (employee_scores), kept from the metric values.
  `create table employee_scores (
  employee_id integer primary key references employees (id) on delete cascade,
  metric_count integer not null,
  value_sum_hundredths integer not null,
  average_score real not null,
  updated_at text not null,
  last_name text default '' not null,
  first_name text default '' not null
)`,
  `create index employee_scores_rank_idx on employee_scores (average_score desc, metric_count desc, last_name, first_name, employee_id , value_sum_hundredths)`,
  `create index employee_scores_name_idx on employee_scores (last_name, first_name, employee_id, metric_count, value_sum_hundredths)`,

  // Monthly score totals per employee.
  `create table employee_monthly_scores (
  employee_id integer not null references employees (id) on delete cascade,
  month text not null,
  metric_count integer not null,
  value_sum_hundredths integer not null,
  constraint employee_monthly_scores_pk primary key (employee_id, month)
)`,
  `create index employee_monthly_scores_totals_idx on employee_monthly_scores (employee_id, month, metric_count, value_sum_hundredths)`,

  // Per-type score totals per employee.
  `create table employee_metric_type_scores (
  employee_id integer not null references employees (id) on delete cascade,
  metric_type_id integer not null references metric_types (id) on delete cascade,
  metric_count integer not null,
  value_sum_hundredths integer not null,
  constraint employee_metric_type_scores_pk primary key (employee_id, metric_type_id)
)`,
  `create index employee_metric_type_scores_type_idx on employee_metric_type_scores (metric_type_id, metric_count)`,

  // Insight totals: counts, per-month metric and per-day bonus totals, departments, score histogram.
  `create table insight_totals (
  name text primary key,
  value integer not null
)`,
  `create table monthly_metric_totals (
  month text primary key,
  metric_count integer not null
)`,
  `create table daily_bonus_totals (
  day text primary key,
  bonus_count integer not null
)`,
  `create table department_totals (
  department text primary key,
  staff_count integer not null,
  scored_staff_count integer not null,
  metric_count integer not null,
  value_sum_hundredths integer not null
)`,
  `create table score_histogram (
  bucket integer primary key,
  staff_count integer not null
)`,

  // List totals: row counts per list and filter, and data_version.
  `create table list_totals (
  name text primary key,
  value integer not null
)`,

  // Questions' search table.
  `create virtual table questions_search using fts5 (
  question,
  state,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,

  // Pending questions' search table.
  `create virtual table pending_questions_search using fts5 (
  question,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,

  // Per-employee dashboard versions.
  `create table employee_dashboard_versions (
  employee_id integer primary key,
  version integer not null
)`,

  // Per-table versions.
  `create table table_versions (
  name text primary key,
  version integer default 0 not null
)`,

  // Search tables' shared parts.
  `create table search_renumbers (
  name text not null
)`,

  // Staff search table and its positions in the list's order.
  `create table employees_search_positions (
  id integer primary key,
  position integer
)`,
  `create unique index employees_search_positions_idx on employees_search_positions (position)`,
  `create virtual table employees_search using fts5 (
  search_text,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,

  // User search table and its positions in the list's order.
  `create table users_search_positions (
  id integer primary key,
  position integer
)`,
  `create unique index users_search_positions_idx on users_search_positions (position)`,
  `create virtual table users_search using fts5 (
  full_name,
  email,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,

  // Audit trail search table.
  `create table audit_entries_text_positions (
  id integer primary key,
  position integer
)`,
  `create unique index audit_entries_text_positions_idx on audit_entries_text_positions (position)`,
  `create virtual table audit_entries_text using fts5 (
  name,
  description,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
)`,

  // Search tables' shared parts.
  `create table search_text_offsets (
  n integer primary key
)`,

  // Staff search trigram postings.
  `create table employees_search_postings (
  trigram text not null,
  position integer not null,
  primary key (trigram, position)
) without rowid`,
  `create index employees_search_postings_position_idx on employees_search_postings (position)`,

  // User search trigram postings.
  `create table users_search_postings (
  trigram text not null,
  position integer not null,
  primary key (trigram, position)
) without rowid`,
  `create index users_search_postings_position_idx on users_search_postings (position)`,

  // Metric values counted per hour of created_at (deep pages of all values).
  `create table metric_value_hours (
  hour text primary key,
  value_count integer not null
) without rowid`,

  // Metric values counted per day of created_at (deep pages of all values).
  `create table metric_value_days (
  day text primary key,
  value_count integer not null
) without rowid`,

  // Triggers: Insight totals: counts, per-month metric and per-day bonus totals, departments, score histogram.
  `create trigger insights_employees_insert after insert on employees begin
  update insight_totals set value = value + 1 where name = 'employees';
  insert into department_totals
    (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
  values (new.department, 1, 0, 0, 0)
  on conflict (department) do update set staff_count = staff_count + 1;
end`,
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

  // Triggers: Monthly score totals per employee.
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

  // Triggers: Score totals per employee (employee_scores), kept from the metric values.
  `create trigger insights_scores_insert after insert on employee_scores begin
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
  `create trigger insights_scores_delete after delete on employee_scores begin
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

  // Triggers: List totals: row counts per list and filter, and data_version.
  `create trigger list_totals_audit_insert after insert on audit_entries begin
  insert into list_totals (name, value) values ('audit_entries', 1)
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_audit_delete after delete on audit_entries begin
  insert into list_totals (name, value) values ('audit_entries', -1)
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_users_insert after insert on users begin
  insert into list_totals (name, value) values ('users', 1)
on conflict (name) do update set value = value + excluded.value;
  insert into list_totals (name, value) values ('users:' || new.user_type, 1)
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_users_delete after delete on users begin
  insert into list_totals (name, value) values ('users', -1)
on conflict (name) do update set value = value + excluded.value;
  insert into list_totals (name, value) values ('users:' || old.user_type, -1)
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_users_role after update of user_type on users
when new.user_type is not old.user_type begin
  insert into list_totals (name, value) values ('users:' || old.user_type, -1)
on conflict (name) do update set value = value + excluded.value;
  insert into list_totals (name, value) values ('users:' || new.user_type, 1)
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_questions_insert after insert on questions begin
  insert into list_totals (name, value) values ('questions', 1)
on conflict (name) do update set value = value + excluded.value;
  insert into list_totals (name, value) values ('questions:answered', (new.responded_at is not null))
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_questions_delete after delete on questions begin
  insert into list_totals (name, value) values ('questions', -1)
on conflict (name) do update set value = value + excluded.value;
  insert into list_totals (name, value) values ('questions:answered', -(old.responded_at is not null))
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_questions_answered after update of responded_at on questions
when (new.responded_at is null) is not (old.responded_at is null) begin
  insert into list_totals (name, value) values ('questions:answered', (new.responded_at is not null) - (old.responded_at is not null))
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_values_insert after insert on performance_metrics begin
  insert into list_totals (name, value) values ('metric_values:type:' || new.metric_type_id, 1)
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_values_delete after delete on performance_metrics begin
  insert into list_totals (name, value) values ('metric_values:type:' || old.metric_type_id, -1)
on conflict (name) do update set value = value + excluded.value;
end`,
  `create trigger list_totals_values_type after update of metric_type_id on performance_metrics
when new.metric_type_id is not old.metric_type_id begin
  insert into list_totals (name, value) values ('metric_values:type:' || old.metric_type_id, -1)
on conflict (name) do update set value = value + excluded.value;
  insert into list_totals (name, value) values ('metric_values:type:' || new.metric_type_id, 1)
on conflict (name) do update set value = value + excluded.value;
end`,

  // Triggers: data_version (a list_totals row): bumped by every write to a table the answers read.
  `create trigger data_version_users_insert after insert on users begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_users_update after update on users begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_users_delete after delete on users begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employees_insert after insert on employees begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employees_update after update on employees begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employees_delete after delete on employees begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_metric_types_insert after insert on metric_types begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_metric_types_update after update on metric_types begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_metric_types_delete after delete on metric_types begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_performance_metrics_insert after insert on performance_metrics begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_performance_metrics_update after update on performance_metrics begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_performance_metrics_delete after delete on performance_metrics begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_bonuses_insert after insert on bonuses begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_bonuses_update after update on bonuses begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_bonuses_delete after delete on bonuses begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_questions_insert after insert on questions begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_questions_update after update on questions begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_questions_delete after delete on questions begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_audit_entries_insert after insert on audit_entries begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_audit_entries_update after update on audit_entries begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_audit_entries_delete after delete on audit_entries begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employee_scores_insert after insert on employee_scores begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employee_scores_update after update on employee_scores begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employee_scores_delete after delete on employee_scores begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employee_monthly_scores_insert after insert on employee_monthly_scores begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employee_monthly_scores_update after update on employee_monthly_scores begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employee_monthly_scores_delete after delete on employee_monthly_scores begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employee_metric_type_scores_insert after insert on employee_metric_type_scores begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employee_metric_type_scores_update after update on employee_metric_type_scores begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,
  `create trigger data_version_employee_metric_type_scores_delete after delete on employee_metric_type_scores begin
  update list_totals set value = value + 1 where name = 'data_version';
end`,

  // Triggers: Questions' search table.
  `create trigger questions_search_insert after insert on questions begin
  insert into questions_search (rowid, question, state) values (new.id, lower(new.question), case when new.responded_at is null then 'pen' else 'ans' end);
end`,
  `create trigger questions_search_delete after delete on questions begin
  delete from questions_search where rowid = old.id;
end`,
  `create trigger questions_search_update after update of id, question, responded_at on questions begin
  delete from questions_search where rowid = old.id;
  insert into questions_search (rowid, question, state) values (new.id, lower(new.question), case when new.responded_at is null then 'pen' else 'ans' end);
end`,

  // Triggers: Pending questions' search table.
  `create trigger pending_questions_search_insert after insert on questions
when new.responded_at is null begin
  insert into pending_questions_search (rowid, question) values (new.id, lower(new.question));
end`,
  `create trigger pending_questions_search_delete after delete on questions
when old.responded_at is null begin
  delete from pending_questions_search where rowid = old.id;
end`,
  `create trigger pending_questions_search_update after update of id, question, responded_at on questions begin
  delete from pending_questions_search where rowid = old.id and old.responded_at is null;
  insert into pending_questions_search (rowid, question)
    select new.id, lower(new.question) where new.responded_at is null;
end`,

  // Triggers: Per-employee dashboard versions.
  `create trigger dashboard_version_employee_monthly_scores_insert after insert on employee_monthly_scores begin
     insert into employee_dashboard_versions (employee_id, version)
select distinct employee_id, 1 from (select new.employee_id as employee_id) where true
on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
end`,
  `create trigger dashboard_version_employee_monthly_scores_delete after delete on employee_monthly_scores begin
     insert into employee_dashboard_versions (employee_id, version)
select distinct employee_id, 1 from (select old.employee_id as employee_id) where true
on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
end`,
  `create trigger dashboard_version_employee_monthly_scores_update after update on employee_monthly_scores begin
     insert into employee_dashboard_versions (employee_id, version)
select distinct employee_id, 1 from (select new.employee_id as employee_id union select old.employee_id) where true
on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
end`,
  `create trigger dashboard_version_bonuses_insert after insert on bonuses begin
     insert into employee_dashboard_versions (employee_id, version)
select distinct employee_id, 1 from (select new.employee_id as employee_id) where true
on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
end`,
  `create trigger dashboard_version_bonuses_delete after delete on bonuses begin
     insert into employee_dashboard_versions (employee_id, version)
select distinct employee_id, 1 from (select old.employee_id as employee_id) where true
on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
end`,
  `create trigger dashboard_version_bonuses_update after update on bonuses begin
     insert into employee_dashboard_versions (employee_id, version)
select distinct employee_id, 1 from (select new.employee_id as employee_id union select old.employee_id) where true
on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
end`,

  // Triggers: Per-row versions: row_version goes up on every update of the row.
  `create trigger employees_row_version after update on "employees"
when new.row_version = old.row_version
begin
  update "employees" set row_version = old.row_version + 1 where id = new.id;
end`,
  `create trigger users_row_version after update on "users"
when new.row_version = old.row_version
begin
  update "users" set row_version = old.row_version + 1 where id = new.id;
end`,
  `create trigger metric_types_row_version after update on "metric_types"
when new.row_version = old.row_version
begin
  update "metric_types" set row_version = old.row_version + 1 where id = new.id;
end`,
  `create trigger performance_metrics_row_version after update on "performance_metrics"
when new.row_version = old.row_version
begin
  update "performance_metrics" set row_version = old.row_version + 1 where id = new.id;
end`,
  `create trigger bonuses_row_version after update on "bonuses"
when new.row_version = old.row_version
begin
  update "bonuses" set row_version = old.row_version + 1 where id = new.id;
end`,
  `create trigger questions_row_version after update on "questions"
when new.row_version = old.row_version
begin
  update "questions" set row_version = old.row_version + 1 where id = new.id;
end`,

  // Triggers: Per-table versions.
  `create trigger table_version_employees_update after update on "employees"
begin
  update table_versions set version = version + 1 where name = 'employees';
end`,
  `create trigger table_version_metric_types_update after update on "metric_types"
begin
  update table_versions set version = version + 1 where name = 'metric_types';
end`,
  `create trigger table_version_users_insert after insert on "users"
begin
  update table_versions set version = version + 1 where name = 'users';
end`,
  `create trigger table_version_users_update after update on "users"
begin
  update table_versions set version = version + 1 where name = 'users';
end`,
  `create trigger table_version_users_delete after delete on "users"
begin
  update table_versions set version = version + 1 where name = 'users';
end`,

  // Triggers: Score totals per employee (employee_scores), kept from the metric values.
  `create trigger insights_scores_update after update of metric_count, value_sum_hundredths, average_score on employee_scores begin
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

  // Triggers: Staff names copied into employee_scores for the rankings' name order.
  `create trigger score_names_fill after insert on employee_scores begin
  update employee_scores set
    last_name = coalesce((select e.last_name from employees e where e.id = new.employee_id), ''),
    first_name = coalesce((select e.first_name from employees e where e.id = new.employee_id), '')
  where employee_id = new.employee_id;
end`,
  `create trigger score_names_follow after update of last_name, first_name on employees
when new.last_name is not old.last_name or new.first_name is not old.first_name
begin
  update employee_scores set last_name = new.last_name, first_name = new.first_name
    where employee_id = new.id;
end`,

  // Triggers: Staff search table and its positions in the list's order.
  `create trigger employees_search_insert after insert on employees begin
   insert into employees_search_positions (id, position) values (new.id, (select case
  when b.before is null and b.after is null then 0
  when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
  when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
  when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
end from (select (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id < new.id
  order by r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) < lower(new.first_name)
  order by lower(r.first_name) desc, r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) < lower(new.last_name)
  order by lower(r.last_name) desc, lower(r.first_name) desc, r.id desc limit 1))) as before, (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id > new.id
  order by r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) > lower(new.first_name)
  order by lower(r.first_name) asc, r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) > lower(new.last_name)
  order by lower(r.last_name) asc, lower(r.first_name) asc, r.id asc limit 1))) as after) as b));
   insert into employees_search (rowid, search_text)
  select p.position, new.search_text from employees_search_positions as p
  where p.id = new.id and p.position is not null;
insert into search_renumbers (name)
  select 'employees_search' from employees_search_positions as p where p.id = new.id and p.position is null;
end`,
  `create trigger employees_search_update after update of first_name, last_name, email, position, employee_code
   on employees begin
   delete from employees_search where rowid = (select position from employees_search_positions where id = old.id);
   update employees_search_positions set position = (select case
  when b.before is null and b.after is null then 0
  when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
  when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
  when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
end from (select (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id < new.id
  order by r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) < lower(new.first_name)
  order by lower(r.first_name) desc, r.id desc limit 1), (select r.id from employees as r where lower(r.last_name) < lower(new.last_name)
  order by lower(r.last_name) desc, lower(r.first_name) desc, r.id desc limit 1))) as before, (select p.position from employees_search_positions as p where p.id = coalesce((select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) = lower(new.first_name) and r.id > new.id
  order by r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) = lower(new.last_name) and lower(r.first_name) > lower(new.first_name)
  order by lower(r.first_name) asc, r.id asc limit 1), (select r.id from employees as r where lower(r.last_name) > lower(new.last_name)
  order by lower(r.last_name) asc, lower(r.first_name) asc, r.id asc limit 1))) as after) as b)
     where id = new.id and (lower(old.last_name) is not lower(new.last_name) or lower(old.first_name) is not lower(new.first_name) or old.id is not new.id);
   insert into employees_search (rowid, search_text)
  select p.position, new.search_text from employees_search_positions as p
  where p.id = new.id and p.position is not null;
insert into search_renumbers (name)
  select 'employees_search' from employees_search_positions as p where p.id = new.id and p.position is null;
end`,
  `create trigger employees_search_delete after delete on employees begin
  delete from employees_search where rowid = (select position from employees_search_positions where id = old.id);
  delete from employees_search_positions where id = old.id;
end`,
  `create trigger employees_search_renumber after insert on search_renumbers
  when new.name = 'employees_search' begin
  delete from employees_search_positions;
  insert into employees_search_positions (id, position)
    select r.id, (row_number() over (order by lower(r.last_name) asc, lower(r.first_name) asc, r.id asc)
        - (select (count(*) + 1) / 2 from employees))
      * (select 2305843009213693952 / (count(*) + 1) from employees)
    from employees as r;
  insert into employees_search (employees_search) values ('delete-all');
  insert into employees_search (rowid, search_text)
    select p.position, r.search_text
    from employees as r join employees_search_positions as p on p.id = r.id;
  insert into employees_search (employees_search) values ('optimize');
  delete from search_renumbers where name = new.name;
end`,

  // Triggers: User search table and its positions in the list's order.
  `create trigger users_search_insert after insert on users begin
   insert into users_search_positions (id, position) values (new.id, (select case
  when b.before is null and b.after is null then 0
  when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
  when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
  when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
end from (select (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id > new.id
  order by r.id asc limit 1), (select r.id from users as r where r.created_at > new.created_at
  order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id < new.id
  order by r.id desc limit 1), (select r.id from users as r where r.created_at < new.created_at
  order by r.created_at desc, r.id desc limit 1))) as after) as b));
   insert into users_search (rowid, full_name, email)
  select p.position, lower(new.firstname || ' ' || new.lastname), lower(new.email) from users_search_positions as p
  where p.id = new.id and p.position is not null;
insert into search_renumbers (name)
  select 'users_search' from users_search_positions as p where p.id = new.id and p.position is null;
end`,
  `create trigger users_search_update after update of firstname, lastname, email, created_at
   on users begin
   delete from users_search where rowid = (select position from users_search_positions where id = old.id);
   update users_search_positions set position = (select case
  when b.before is null and b.after is null then 0
  when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
  when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
  when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
end from (select (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id > new.id
  order by r.id asc limit 1), (select r.id from users as r where r.created_at > new.created_at
  order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from users_search_positions as p where p.id = coalesce((select r.id from users as r where r.created_at = new.created_at and r.id < new.id
  order by r.id desc limit 1), (select r.id from users as r where r.created_at < new.created_at
  order by r.created_at desc, r.id desc limit 1))) as after) as b)
     where id = new.id and (old.created_at is not new.created_at or old.id is not new.id);
   insert into users_search (rowid, full_name, email)
  select p.position, lower(new.firstname || ' ' || new.lastname), lower(new.email) from users_search_positions as p
  where p.id = new.id and p.position is not null;
insert into search_renumbers (name)
  select 'users_search' from users_search_positions as p where p.id = new.id and p.position is null;
end`,
  `create trigger users_search_delete after delete on users begin
  delete from users_search where rowid = (select position from users_search_positions where id = old.id);
  delete from users_search_positions where id = old.id;
end`,
  `create trigger users_search_renumber after insert on search_renumbers
  when new.name = 'users_search' begin
  delete from users_search_positions;
  insert into users_search_positions (id, position)
    select r.id, (row_number() over (order by r.created_at desc, r.id desc)
        - (select (count(*) + 1) / 2 from users))
      * (select 2305843009213693952 / (count(*) + 1) from users)
    from users as r;
  insert into users_search (users_search) values ('delete-all');
  insert into users_search (rowid, full_name, email)
    select p.position, lower(r.firstname || ' ' || r.lastname), lower(r.email)
    from users as r join users_search_positions as p on p.id = r.id;
  insert into users_search (users_search) values ('optimize');
  delete from search_renumbers where name = new.name;
end`,

  // Triggers: Audit trail search table.
  `create trigger audit_entries_text_insert after insert on audit_entries begin
   insert into audit_entries_text_positions (id, position) values (new.id, (select case
  when b.before is null and b.after is null then 0
  when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
  when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
  when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
end from (select (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id > new.id
  order by r.id asc limit 1), (select r.id from audit_entries as r where r.created_at > new.created_at
  order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id < new.id
  order by r.id desc limit 1), (select r.id from audit_entries as r where r.created_at < new.created_at
  order by r.created_at desc, r.id desc limit 1))) as after) as b));
   insert into audit_entries_text (rowid, name, description)
  select p.position, lower(new.name), lower(new.description) from audit_entries_text_positions as p
  where p.id = new.id and p.position is not null;
insert into search_renumbers (name)
  select 'audit_entries_text' from audit_entries_text_positions as p where p.id = new.id and p.position is null;
end`,
  `create trigger audit_entries_text_update after update of name, description, created_at
   on audit_entries begin
   delete from audit_entries_text where rowid = (select position from audit_entries_text_positions where id = old.id);
   update audit_entries_text_positions set position = (select case
  when b.before is null and b.after is null then 0
  when b.before is null then case when b.after - 4294967296 >= -2305843009213693952 then b.after - 4294967296 end
  when b.after is null then case when b.before + 4294967296 <= 2305843009213693952 then b.before + 4294967296 end
  when b.after - b.before >= 2 then b.before + (b.after - b.before) / 2
end from (select (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id > new.id
  order by r.id asc limit 1), (select r.id from audit_entries as r where r.created_at > new.created_at
  order by r.created_at asc, r.id asc limit 1))) as before, (select p.position from audit_entries_text_positions as p where p.id = coalesce((select r.id from audit_entries as r where r.created_at = new.created_at and r.id < new.id
  order by r.id desc limit 1), (select r.id from audit_entries as r where r.created_at < new.created_at
  order by r.created_at desc, r.id desc limit 1))) as after) as b)
     where id = new.id and (old.created_at is not new.created_at or old.id is not new.id);
   insert into audit_entries_text (rowid, name, description)
  select p.position, lower(new.name), lower(new.description) from audit_entries_text_positions as p
  where p.id = new.id and p.position is not null;
insert into search_renumbers (name)
  select 'audit_entries_text' from audit_entries_text_positions as p where p.id = new.id and p.position is null;
end`,
  `create trigger audit_entries_text_delete after delete on audit_entries begin
  delete from audit_entries_text where rowid = (select position from audit_entries_text_positions where id = old.id);
  delete from audit_entries_text_positions where id = old.id;
end`,
  `create trigger audit_entries_text_renumber after insert on search_renumbers
  when new.name = 'audit_entries_text' begin
  delete from audit_entries_text_positions;
  insert into audit_entries_text_positions (id, position)
    select r.id, (row_number() over (order by r.created_at desc, r.id desc)
        - (select (count(*) + 1) / 2 from audit_entries))
      * (select 2305843009213693952 / (count(*) + 1) from audit_entries)
    from audit_entries as r;
  insert into audit_entries_text (audit_entries_text) values ('delete-all');
  insert into audit_entries_text (rowid, name, description)
    select p.position, lower(r.name), lower(r.description)
    from audit_entries as r join audit_entries_text_positions as p on p.id = r.id;
  insert into audit_entries_text (audit_entries_text) values ('optimize');
  delete from search_renumbers where name = new.name;
end`,

  // Triggers: Staff search trigram postings.
  `create trigger employees_search_postings_insert after insert on employees_search_positions
begin insert or ignore into employees_search_postings (trigram, position)
select substr(t.text, o.n, 3), new.position
from (select e.search_text as text from employees as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
where new.position is not null; end`,
  `create trigger employees_search_postings_move after update on employees_search_positions
begin delete from employees_search_postings where position = old.position; insert or ignore into employees_search_postings (trigram, position)
select substr(t.text, o.n, 3), new.position
from (select e.search_text as text from employees as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
where new.position is not null; end`,
  `create trigger employees_search_postings_delete after delete on employees_search_positions
begin delete from employees_search_postings where position = old.position; end`,
  `create trigger employees_search_postings_text after update of first_name, last_name, email, position, employee_code on employees
begin delete from employees_search_postings where position = (select position from employees_search_positions where id = new.id); insert or ignore into employees_search_postings (trigram, position)
select substr(t.text, o.n, 3), (select position from employees_search_positions where id = new.id)
from (select e.search_text as text from employees as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
where (select position from employees_search_positions where id = new.id) is not null; end`,

  // Triggers: User search trigram postings.
  `create trigger users_search_postings_insert after insert on users_search_positions
begin insert or ignore into users_search_postings (trigram, position)
select substr(t.text, o.n, 3), new.position
from (select lower(e.firstname || ' ' || e.lastname) as text from users as e where e.id = new.id union all select lower(e.email) as text from users as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
where new.position is not null; end`,
  `create trigger users_search_postings_move after update on users_search_positions
begin delete from users_search_postings where position = old.position; insert or ignore into users_search_postings (trigram, position)
select substr(t.text, o.n, 3), new.position
from (select lower(e.firstname || ' ' || e.lastname) as text from users as e where e.id = new.id union all select lower(e.email) as text from users as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
where new.position is not null; end`,
  `create trigger users_search_postings_delete after delete on users_search_positions
begin delete from users_search_postings where position = old.position; end`,
  `create trigger users_search_postings_text after update of firstname, lastname, email on users
begin delete from users_search_postings where position = (select position from users_search_positions where id = new.id); insert or ignore into users_search_postings (trigram, position)
select substr(t.text, o.n, 3), (select position from users_search_positions where id = new.id)
from (select lower(e.firstname || ' ' || e.lastname) as text from users as e where e.id = new.id union all select lower(e.email) as text from users as e where e.id = new.id) as t join search_text_offsets as o on o.n <= length(t.text) - 2
where (select position from users_search_positions where id = new.id) is not null; end`,

  // Triggers: Metric values counted per hour of created_at (deep pages of all values).
  `create trigger metric_value_hours_insert after insert on performance_metrics begin
   insert into metric_value_hours (hour, value_count) values (substr(new.created_at, 1, 13), 1)
on conflict (hour) do update set value_count = value_count + 1;
end`,
  `create trigger metric_value_hours_delete after delete on performance_metrics begin
   update metric_value_hours set value_count = value_count - 1
  where hour = substr(old.created_at, 1, 13);
delete from metric_value_hours where hour = substr(old.created_at, 1, 13) and value_count = 0;
end`,
  `create trigger metric_value_hours_moved after update of created_at on performance_metrics
 when substr(new.created_at, 1, 13) is not substr(old.created_at, 1, 13) begin
   update metric_value_hours set value_count = value_count - 1
  where hour = substr(old.created_at, 1, 13);
delete from metric_value_hours where hour = substr(old.created_at, 1, 13) and value_count = 0;
   insert into metric_value_hours (hour, value_count) values (substr(new.created_at, 1, 13), 1)
on conflict (hour) do update set value_count = value_count + 1;
end`,

  // Triggers: Metric values counted per day of created_at (deep pages of all values).
  `create trigger metric_value_days_insert after insert on performance_metrics begin
   insert into metric_value_days (day, value_count) values (substr(new.created_at, 1, 10), 1)
on conflict (day) do update set value_count = value_count + 1;
end`,
  `create trigger metric_value_days_delete after delete on performance_metrics begin
   update metric_value_days set value_count = value_count - 1
  where day = substr(old.created_at, 1, 10);
delete from metric_value_days where day = substr(old.created_at, 1, 10) and value_count = 0;
end`,
  `create trigger metric_value_days_moved after update of created_at on performance_metrics
 when substr(new.created_at, 1, 10) is not substr(old.created_at, 1, 10) begin
   update metric_value_days set value_count = value_count - 1
  where day = substr(old.created_at, 1, 10);
delete from metric_value_days where day = substr(old.created_at, 1, 10) and value_count = 0;
   insert into metric_value_days (day, value_count) values (substr(new.created_at, 1, 10), 1)
on conflict (day) do update set value_count = value_count + 1;
end`,

  // The rows the totals and versions start from.
  `insert into insight_totals (name, value) values
  ('employees', 0),
  ('metric_values', 0),
  ('bonuses', 0),
  ('ranking_version', 0)`,
  `insert into list_totals (name, value) values
  ('audit_entries', 0),
  ('users', 0),
  ('questions', 0),
  ('questions:answered', 0),
  ('users:admin', 0),
  ('users:manager', 0),
  ('users:employee', 0),
  ('data_version', 0)`,
  `insert into table_versions (name, version) values
  ('employees', 0),
  ('metric_types', 0),
  ('users', 0)`,
  `insert into search_text_offsets (n)
  with recursive o(n) as (select 1 union all select n + 1 from o where n < 4096)
  select n from o`,
];
