import { derivedStatement } from '../derived';
import { searchSqliteTables, searchSqliteTriggers } from './baseline-search';
import { valueBucketTables, valueBucketTriggers } from './baseline-value-buckets';

const trigger = (table: string, name: string) =>
  valueBucketTriggers.sqlite[`${table}.${name}`] ??
  searchSqliteTriggers[`${table}.${name}`] ??
  derivedStatement('sqlite', 'trigger', name, table);

/**
 * The derived part of the baseline schema on SQLite: tables computed from the data tables, their
 * indexes, every trigger that keeps them (in the old chain's creation order: SQLite fires a
 * table's triggers newest first, so the order is behaviour) and the rows they start with. The
 * triggers and their functions are written once, in the registry of derived tables
 * (server/src/db/derived/): this list names them, in their order.
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

  ...searchSqliteTables.questions,

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

  ...searchSqliteTables.rest,

  // Metric values counted per hour, then per day, of created_at (deep pages of all values).
  ...valueBucketTables.sqlite,

  // Triggers: Insight totals: counts, per-month metric and per-day bonus totals, departments, score histogram.
  trigger('employees', 'insights_employees_insert'),
  trigger('employees', 'insights_employees_delete'),
  trigger('employees', 'insights_employees_department'),
  trigger('employees', 'insights_employees_ranked_fields'),
  trigger('performance_metrics', 'insights_metric_values_insert'),
  trigger('performance_metrics', 'insights_metric_values_delete'),
  trigger('bonuses', 'insights_bonuses_insert'),
  trigger('bonuses', 'insights_bonuses_delete'),
  trigger('bonuses', 'insights_bonuses_created_at'),

  // Triggers: Monthly score totals per employee.
  trigger('employee_monthly_scores', 'insights_monthly_insert'),
  trigger('employee_monthly_scores', 'insights_monthly_update'),
  trigger('employee_monthly_scores', 'insights_monthly_delete'),

  // Triggers: Score totals per employee (employee_scores), kept from the metric values.
  trigger('employee_scores', 'insights_scores_insert'),
  trigger('employee_scores', 'insights_scores_delete'),

  // Triggers: List totals: row counts per list and filter, and data_version.
  trigger('audit_entries', 'list_totals_audit_insert'),
  trigger('audit_entries', 'list_totals_audit_delete'),
  trigger('users', 'list_totals_users_insert'),
  trigger('users', 'list_totals_users_delete'),
  trigger('users', 'list_totals_users_role'),
  trigger('questions', 'list_totals_questions_insert'),
  trigger('questions', 'list_totals_questions_delete'),
  trigger('questions', 'list_totals_questions_answered'),
  trigger('performance_metrics', 'list_totals_values_insert'),
  trigger('performance_metrics', 'list_totals_values_delete'),
  trigger('performance_metrics', 'list_totals_values_type'),

  // Triggers: data_version (a list_totals row): bumped by every write to a table the answers read.
  trigger('users', 'data_version_users_insert'),
  trigger('users', 'data_version_users_update'),
  trigger('users', 'data_version_users_delete'),
  trigger('employees', 'data_version_employees_insert'),
  trigger('employees', 'data_version_employees_update'),
  trigger('employees', 'data_version_employees_delete'),
  trigger('metric_types', 'data_version_metric_types_insert'),
  trigger('metric_types', 'data_version_metric_types_update'),
  trigger('metric_types', 'data_version_metric_types_delete'),
  trigger('performance_metrics', 'data_version_performance_metrics_insert'),
  trigger('performance_metrics', 'data_version_performance_metrics_update'),
  trigger('performance_metrics', 'data_version_performance_metrics_delete'),
  trigger('bonuses', 'data_version_bonuses_insert'),
  trigger('bonuses', 'data_version_bonuses_update'),
  trigger('bonuses', 'data_version_bonuses_delete'),
  trigger('questions', 'data_version_questions_insert'),
  trigger('questions', 'data_version_questions_update'),
  trigger('questions', 'data_version_questions_delete'),
  trigger('audit_entries', 'data_version_audit_entries_insert'),
  trigger('audit_entries', 'data_version_audit_entries_update'),
  trigger('audit_entries', 'data_version_audit_entries_delete'),
  trigger('employee_scores', 'data_version_employee_scores_insert'),
  trigger('employee_scores', 'data_version_employee_scores_update'),
  trigger('employee_scores', 'data_version_employee_scores_delete'),
  trigger('employee_monthly_scores', 'data_version_employee_monthly_scores_insert'),
  trigger('employee_monthly_scores', 'data_version_employee_monthly_scores_update'),
  trigger('employee_monthly_scores', 'data_version_employee_monthly_scores_delete'),
  trigger('employee_metric_type_scores', 'data_version_employee_metric_type_scores_insert'),
  trigger('employee_metric_type_scores', 'data_version_employee_metric_type_scores_update'),
  trigger('employee_metric_type_scores', 'data_version_employee_metric_type_scores_delete'),

  // Triggers: Questions' search table.
  trigger('questions', 'questions_search_insert'),
  trigger('questions', 'questions_search_delete'),
  trigger('questions', 'questions_search_update'),

  // Triggers: Pending questions' search table.
  trigger('questions', 'pending_questions_search_insert'),
  trigger('questions', 'pending_questions_search_delete'),
  trigger('questions', 'pending_questions_search_update'),

  // Triggers: Per-employee dashboard versions.
  trigger('employee_monthly_scores', 'dashboard_version_employee_monthly_scores_insert'),
  trigger('employee_monthly_scores', 'dashboard_version_employee_monthly_scores_delete'),
  trigger('employee_monthly_scores', 'dashboard_version_employee_monthly_scores_update'),
  trigger('bonuses', 'dashboard_version_bonuses_insert'),
  trigger('bonuses', 'dashboard_version_bonuses_delete'),
  trigger('bonuses', 'dashboard_version_bonuses_update'),

  // Triggers: Per-row versions: row_version goes up on every update of the row.
  trigger('employees', 'employees_row_version'),
  trigger('users', 'users_row_version'),
  trigger('metric_types', 'metric_types_row_version'),
  trigger('performance_metrics', 'performance_metrics_row_version'),
  trigger('bonuses', 'bonuses_row_version'),
  trigger('questions', 'questions_row_version'),

  // Triggers: Per-table versions.
  trigger('employees', 'table_version_employees_update'),
  trigger('metric_types', 'table_version_metric_types_update'),
  trigger('users', 'table_version_users_insert'),
  trigger('users', 'table_version_users_update'),
  trigger('users', 'table_version_users_delete'),

  // Triggers: Score totals per employee (employee_scores), kept from the metric values.
  trigger('employee_scores', 'insights_scores_update'),

  // Triggers: Staff names copied into employee_scores for the rankings' name order.
  trigger('employee_scores', 'score_names_fill'),
  trigger('employees', 'score_names_follow'),

  // Triggers: Staff search table and its positions in the list's order.
  trigger('employees', 'employees_search_insert'),
  trigger('employees', 'employees_search_update'),
  trigger('employees', 'employees_search_delete'),
  trigger('search_renumbers', 'employees_search_renumber'),

  // Triggers: User search table and its positions in the list's order.
  trigger('users', 'users_search_insert'),
  trigger('users', 'users_search_update'),
  trigger('users', 'users_search_delete'),
  trigger('search_renumbers', 'users_search_renumber'),

  // Triggers: Audit trail search table.
  trigger('audit_entries', 'audit_entries_text_insert'),
  trigger('audit_entries', 'audit_entries_text_update'),
  trigger('audit_entries', 'audit_entries_text_delete'),
  trigger('search_renumbers', 'audit_entries_text_renumber'),

  // Triggers: Staff search trigram postings.
  trigger('employees_search_positions', 'employees_search_postings_insert'),
  trigger('employees_search_positions', 'employees_search_postings_move'),
  trigger('employees_search_positions', 'employees_search_postings_delete'),
  trigger('employees', 'employees_search_postings_text'),

  // Triggers: User search trigram postings.
  trigger('users_search_positions', 'users_search_postings_insert'),
  trigger('users_search_positions', 'users_search_postings_move'),
  trigger('users_search_positions', 'users_search_postings_delete'),
  trigger('users', 'users_search_postings_text'),

  // Triggers: Metric values counted per hour of created_at (deep pages of all values).
  trigger('performance_metrics', 'metric_value_hours_insert'),
  trigger('performance_metrics', 'metric_value_hours_delete'),
  trigger('performance_metrics', 'metric_value_hours_moved'),

  // Triggers: Metric values counted per day of created_at (deep pages of all values).
  trigger('performance_metrics', 'metric_value_days_insert'),
  trigger('performance_metrics', 'metric_value_days_delete'),
  trigger('performance_metrics', 'metric_value_days_moved'),

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
