import { derivedStatement } from '../derived';
import {
  replacedPostgresFunctions,
  replacedPostgresTriggers,
  statementDataVersionTriggers,
} from './baseline-replaced.postgres';
import { valueBucketTables, valueBucketTriggers } from './baseline-value-buckets';
import {
  searchPostgresFunctions,
  searchPostgresTables,
  searchPostgresTriggers,
} from './baseline-search';

const trigger = (table: string, name: string) =>
  replacedPostgresTriggers[`${table}.${name}`] ??
  statementDataVersionTriggers[`${table}.${name}`] ??
  valueBucketTriggers.postgres[`${table}.${name}`] ??
  searchPostgresTriggers[`${table}.${name}`] ??
  derivedStatement('postgres', 'trigger', name, table);
const fn = (name: string) =>
  replacedPostgresFunctions[name] ??
  searchPostgresFunctions[name] ??
  derivedStatement('postgres', 'function', name);

/**
 * The derived part of the baseline schema on PostgreSQL: tables computed from the data tables,
 * their indexes, the trigger functions and triggers that keep them (PostgreSQL fires a table's
 * triggers in the order of their names) and the rows they start with. The triggers and
 * their functions are written once, in the registry of derived tables (server/src/db/derived/):
 * this list names them, in their order. Those a later migration replaced keep their first text
 * in baseline-replaced.postgres.ts.
 */
export const postgresDerivedSchema: readonly string[] = [
  // Score totals per employee (employee_scores), kept from the metric values.
  `create table employee_scores (
  employee_id integer not null,
  metric_count integer not null,
  value_sum_hundredths bigint not null,
  average_score double precision not null,
  updated_at timestamp with time zone not null,
  last_name text default ''::text not null,
  first_name text default ''::text not null,
  constraint employee_scores_pkey primary key (employee_id),
  constraint employee_scores_employee_id_fkey foreign key (employee_id) references employees(id) on delete cascade
)`,
  `create index employee_scores_rank_idx on employee_scores (average_score desc, metric_count desc, last_name, first_name, employee_id) include (value_sum_hundredths)`,
  `create index employee_scores_name_idx on employee_scores (last_name, first_name, employee_id) include (metric_count, value_sum_hundredths)`,

  // Monthly score totals per employee.
  `create table employee_monthly_scores (
  employee_id integer not null,
  month text not null,
  metric_count integer not null,
  value_sum_hundredths bigint not null,
  constraint employee_monthly_scores_pk primary key (employee_id, month),
  constraint employee_monthly_scores_employee_id_fkey foreign key (employee_id) references employees(id) on delete cascade
)`,
  `create index employee_monthly_scores_totals_idx on employee_monthly_scores (employee_id, month) include (metric_count, value_sum_hundredths)`,

  // Per-type score totals per employee.
  `create table employee_metric_type_scores (
  employee_id integer not null,
  metric_type_id integer not null,
  metric_count integer not null,
  value_sum_hundredths bigint not null,
  constraint employee_metric_type_scores_pk primary key (employee_id, metric_type_id),
  constraint employee_metric_type_scores_employee_id_fkey foreign key (employee_id) references employees(id) on delete cascade,
  constraint employee_metric_type_scores_metric_type_id_fkey foreign key (metric_type_id) references metric_types(id) on delete cascade
)`,
  `create index employee_metric_type_scores_type_idx on employee_metric_type_scores (metric_type_id, metric_count)`,

  // Insight totals: counts, per-month metric and per-day bonus totals, departments, score histogram.
  `create table insight_totals (
  name text not null,
  value bigint not null,
  constraint insight_totals_pkey primary key (name)
)`,
  `create table monthly_metric_totals (
  month text not null,
  metric_count bigint not null,
  constraint monthly_metric_totals_pkey primary key (month)
)`,
  `create table daily_bonus_totals (
  day text not null,
  bonus_count bigint not null,
  constraint daily_bonus_totals_pkey primary key (day)
)`,
  `create table department_totals (
  department text not null,
  staff_count integer not null,
  scored_staff_count integer not null,
  metric_count bigint not null,
  value_sum_hundredths bigint not null,
  constraint department_totals_pkey primary key (department)
)`,
  `create table score_histogram (
  bucket integer not null,
  staff_count integer not null,
  constraint score_histogram_pkey primary key (bucket)
)`,

  // List totals: row counts per list and filter, and data_version.
  `create table list_totals (
  name text not null,
  value bigint not null,
  constraint list_totals_pkey primary key (name)
)`,

  // Per-employee dashboard versions.
  `create table employee_dashboard_versions (
  employee_id integer not null,
  version integer not null,
  constraint employee_dashboard_versions_pkey primary key (employee_id)
)`,

  // Per-table versions.
  `create table table_versions (
  name text not null,
  version integer default 0 not null,
  constraint table_versions_pkey primary key (name)
)`,

  ...searchPostgresTables.all,

  // Metric values counted per hour, then per day, of created_at (deep pages of all values).
  ...valueBucketTables.postgres,

  // Trigger functions: The totals' advisory lock, taken before a statement changes any row (one order of locks for every writer).
  fn('insights_lock_first'),

  // Trigger functions: Score totals per employee (employee_scores), kept from the metric values.
  fn('insights_scores_change'),

  // Trigger functions: Monthly score totals per employee.
  fn('insights_monthly_change'),

  // Trigger functions: Insight totals: counts, per-month metric and per-day bonus totals, departments, score histogram.
  fn('insights_employees_change'),
  fn('insights_count_rows'),
  fn('insights_bonus_days'),

  // Trigger functions: List totals: row counts per list and filter, and data_version.
  fn('list_totals_audit'),
  fn('list_totals_users'),
  fn('list_totals_questions'),
  fn('list_totals_values'),

  // Trigger functions: data_version (a list_totals row): bumped by every write to a table the answers read.
  fn('data_version_bump'),

  // Trigger functions: Per-employee dashboard versions.
  fn('dashboard_version_bump'),

  // Trigger functions: Per-row versions: row_version goes up on every update of the row.
  fn('row_version_bump'),

  // Trigger functions: Per-table versions.
  fn('table_version_bump'),

  // Trigger functions: Staff names copied into employee_scores for the rankings' name order.
  fn('score_names_fill'),
  fn('score_names_follow'),

  // Trigger functions: Search tables' shared parts.
  fn('search_trigrams'),

  // Trigger functions: Questions' search table.
  fn('questions_search_write'),
  fn('questions_search_employee_text'),

  // Trigger functions: Staff search trigram postings.
  fn('employees_search_postings_write'),

  // Trigger functions: Staff search table and its positions in the list's order.
  fn('employees_search_write'),

  // Trigger functions: User search trigram postings.
  fn('users_search_postings_write'),

  // Trigger functions: User search table and its positions in the list's order.
  fn('users_search_write'),

  // Trigger functions: Audit trail search table.
  fn('audit_entries_search_write'),
  fn('audit_entries_search_clear'),

  // Trigger functions: Metric values counted per hour of created_at (deep pages of all values).
  fn('metric_value_hours_count'),

  // Trigger functions: Metric values counted per day of created_at (deep pages of all values).
  fn('metric_value_days_count'),

  // Triggers: The totals' advisory lock, taken before a statement changes any row (one order of locks for every writer).
  trigger('employees', 'insights_lock_first'),
  trigger('performance_metrics', 'insights_lock_first'),
  trigger('bonuses', 'insights_lock_first'),
  trigger('employee_scores', 'insights_lock_first'),
  trigger('employee_monthly_scores', 'insights_lock_first'),
  trigger('employee_metric_type_scores', 'insights_lock_first'),
  trigger('users', 'insights_lock_first'),
  trigger('metric_types', 'insights_lock_first'),
  trigger('questions', 'insights_lock_first'),
  trigger('audit_entries', 'insights_lock_first'),

  // Triggers: Score totals per employee (employee_scores), kept from the metric values.
  trigger('employee_scores', 'insights_scores_change'),

  // Triggers: Monthly score totals per employee.
  trigger('employee_monthly_scores', 'insights_monthly_change'),

  // Triggers: Insight totals: counts, per-month metric and per-day bonus totals, departments, score histogram.
  trigger('employees', 'insights_employees_insert'),
  trigger('employees', 'insights_employees_delete'),
  trigger('employees', 'insights_employees_department'),
  trigger('performance_metrics', 'insights_metric_values_insert'),
  trigger('performance_metrics', 'insights_metric_values_delete'),
  trigger('bonuses', 'insights_bonuses_insert'),
  trigger('bonuses', 'insights_bonuses_delete'),
  trigger('bonuses', 'insights_bonus_days_insert'),
  trigger('bonuses', 'insights_bonus_days_update'),
  trigger('bonuses', 'insights_bonus_days_delete'),

  // Triggers: List totals: row counts per list and filter, and data_version.
  trigger('audit_entries', 'list_totals_audit_insert'),
  trigger('audit_entries', 'list_totals_audit_delete'),
  trigger('audit_entries', 'list_totals_audit_update'),
  trigger('users', 'list_totals_users_insert'),
  trigger('users', 'list_totals_users_delete'),
  trigger('users', 'list_totals_users_update'),
  trigger('questions', 'list_totals_questions_insert'),
  trigger('questions', 'list_totals_questions_delete'),
  trigger('questions', 'list_totals_questions_update'),
  trigger('performance_metrics', 'list_totals_values_insert'),
  trigger('performance_metrics', 'list_totals_values_delete'),
  trigger('performance_metrics', 'list_totals_values_update'),

  // Triggers: data_version (a list_totals row): bumped by every write to a table the answers read.
  trigger('users', 'data_version_users'),
  trigger('employees', 'data_version_employees'),
  trigger('metric_types', 'data_version_metric_types'),
  trigger('performance_metrics', 'data_version_performance_metrics'),
  trigger('bonuses', 'data_version_bonuses'),
  trigger('questions', 'data_version_questions'),
  trigger('audit_entries', 'data_version_audit_entries'),
  trigger('employee_scores', 'data_version_employee_scores'),
  trigger('employee_monthly_scores', 'data_version_employee_monthly_scores'),
  trigger('employee_metric_type_scores', 'data_version_employee_metric_type_scores'),

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

  // Triggers: Staff names copied into employee_scores for the rankings' name order.
  trigger('employee_scores', 'score_names_fill'),
  trigger('employees', 'score_names_follow'),

  // Triggers: Questions' search table.
  trigger('employees', 'questions_search_employee_text'),
  trigger('questions', 'questions_search_write'),

  // Triggers: Staff search trigram postings.
  trigger('employees_search', 'employees_search_postings_write'),

  // Triggers: Staff search table and its positions in the list's order.
  trigger('employees', 'employees_search_write'),

  // Triggers: User search trigram postings.
  trigger('users_search', 'users_search_postings_write'),

  // Triggers: User search table and its positions in the list's order.
  trigger('users', 'users_search_write'),

  // Triggers: Audit trail search table.
  trigger('audit_entries', 'audit_entries_search_insert'),
  trigger('audit_entries', 'audit_entries_search_update'),
  trigger('audit_entries', 'audit_entries_search_delete'),
  trigger('audit_entries', 'audit_entries_search_truncate'),

  // Triggers: Metric values counted per hour of created_at (deep pages of all values).
  trigger('performance_metrics', 'metric_value_hours_insert'),
  trigger('performance_metrics', 'metric_value_hours_delete'),
  trigger('performance_metrics', 'metric_value_hours_update'),

  // Triggers: Metric values counted per day of created_at (deep pages of all values).
  trigger('performance_metrics', 'metric_value_days_insert'),
  trigger('performance_metrics', 'metric_value_days_delete'),
  trigger('performance_metrics', 'metric_value_days_update'),

  // The rows the totals and versions start from.
  `insert into insight_totals (name, value) values
  ('employees', '0'),
  ('metric_values', '0'),
  ('bonuses', '0'),
  ('ranking_version', '0')`,
  `insert into list_totals (name, value) values
  ('audit_entries', '0'),
  ('users', '0'),
  ('questions', '0'),
  ('questions:answered', '0'),
  ('users:admin', '0'),
  ('users:manager', '0'),
  ('users:employee', '0'),
  ('data_version', '1')`,
  `insert into table_versions (name, version) values
  ('employees', 0),
  ('metric_types', 0),
  ('users', 0)`,
];
