import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The data model as Kysely sees it. Engine differences are absorbed here and in the mappers:
 * - timestamps are written as ISO strings; SQLite hands back strings, PostgreSQL `Date`s;
 * - dates (YYYY-MM-DD) are text on SQLite and `date` on PostgreSQL (read back as text);
 * - booleans are integers 0/1 on both engines;
 * - money is whole cents and metric values whole hundredths, so sums are exact everywhere.
 */
export type Timestamp = ColumnType<Date | string, string, string>;
type Id = Generated<number>;
/** Moved by a trigger on every update of the row (migration 0020); never written by the API. */
type RowVersion = ColumnType<number, never, never>;
/** Copied from another row by triggers (migration 0022); never written by the API. */
type CopiedByTrigger<T> = ColumnType<T, never, never>;

export interface UsersTable {
  id: Id;
  email: string;
  firstname: string;
  lastname: string;
  user_type: 'admin' | 'manager' | 'employee';
  employee_id: number | null;
  password_hash: string | null;
  /** 1 when the password was generated for the user and shown once to an admin. */
  password_is_temporary: Generated<number>;
  google_subject: string | null;
  /** Milliseconds since the epoch; tokens issued before this instant are refused. */
  tokens_valid_after: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  row_version: RowVersion;
}

export interface EmployeesTable {
  id: Id;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  position: string;
  department: string;
  join_date: string;
  status: Generated<string>;
  salary_cents: number | null;
  employee_code: string | null;
  employment_type: string | null;
  location: string | null;
  manager_id: number | null;
  notes: string | null;
  /** JSON array of strings. */
  skills: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  row_version: RowVersion;
}

export interface MetricTypesTable {
  id: Id;
  metric_name: string;
  description: string | null;
  measurement_unit: string | null;
  minimum_value: number | null;
  maximum_value: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  row_version: RowVersion;
}

export interface PerformanceMetricsTable {
  id: Id;
  /** An employee id: SPEC.md names it user_id. */
  user_id: number;
  metric_type_id: number;
  value_hundredths: number;
  comment: string | null;
  recorded_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  row_version: RowVersion;
}

export interface BonusesTable {
  id: Id;
  employee_id: number;
  bonus_name: string;
  description: string;
  awarded_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  row_version: RowVersion;
}

export interface QuestionsTable {
  id: Id;
  employee_id: number;
  question: string;
  response: string | null;
  responded_at: Timestamp | null;
  asked_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  row_version: RowVersion;
}

export interface AuditEntriesTable {
  id: Id;
  name: string;
  description: string;
  /** No foreign key: an entry outlives the account that made it. */
  actor_user_id: number | null;
  actor_email: string | null;
  ip_address: string | null;
  entity_type: string | null;
  entity_id: number | null;
  before_json: string | null;
  after_json: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Running totals per employee, kept current in the same transaction as every metric write. */
export interface EmployeeScoresTable {
  employee_id: number;
  metric_count: number;
  value_sum_hundredths: number;
  /** value_sum_hundredths / metric_count / 100, stored so rankings can use an index. */
  average_score: number;
  updated_at: Timestamp;
  /** The employee's names, for the rank index's ties (migration 0022). */
  last_name: CopiedByTrigger<string>;
  first_name: CopiedByTrigger<string>;
}

/** The same totals per calendar month (server time zone); semesters sum their months. */
export interface EmployeeMonthlyScoresTable {
  employee_id: number;
  /** YYYY-MM */
  month: string;
  metric_count: number;
  value_sum_hundredths: number;
}

/** The same totals per employee and metric type (migration 0003). */
export interface EmployeeMetricTypeScoresTable {
  employee_id: number;
  metric_type_id: number;
  metric_count: number;
  value_sum_hundredths: number;
}

/** Failed sign-ins per account or address; in the database so every instance shares it. */
export interface SignInThrottleTable {
  throttle_key: string;
  failures: number;
  window_started_at: number;
  locked_until: number;
}

/**
 * Organisation-wide counts kept by triggers (migration 0004): employees, metric_values, bonuses,
 * and ranking_version (changes with anything the rankings show).
 */
export interface InsightTotalsTable {
  name: 'employees' | 'metric_values' | 'bonuses' | 'ranking_version';
  value: number;
  /** PostgreSQL only (migration 0002): the writer's shard of this key's figures (ADR 30). */
  shard: Generated<number>;
}

/** Metric values per month (the keys of employee_monthly_scores), kept by triggers. */
export interface MonthlyMetricTotalsTable {
  month: string;
  metric_count: number;
  /** PostgreSQL only (migration 0002): the writer's shard of this key's figures (ADR 30). */
  shard: Generated<number>;
}

/** Bonuses per UTC day (YYYY-MM-DD of created_at in UTC), kept by triggers. */
export interface DailyBonusTotalsTable {
  day: string;
  bonus_count: number;
}

/** Staff and score totals per department, kept by triggers. */
export interface DepartmentTotalsTable {
  department: string;
  staff_count: number;
  scored_staff_count: number;
  metric_count: number;
  value_sum_hundredths: number;
  /** PostgreSQL only (migration 0002): the writer's shard of this key's figures (ADR 30). */
  shard: Generated<number>;
}

/** Scored staff per whole-number average score (floor of employee_scores.average_score). */
export interface ScoreHistogramTable {
  bucket: number;
  staff_count: number;
  /** PostgreSQL only (migration 0002): the writer's shard of this key's figures (ADR 30). */
  shard: Generated<number>;
}

/**
 * List totals kept by triggers (migration 0007): `audit_entries`, `users`, `users:<user_type>`,
 * `questions`, `questions:answered`, `metric_values:type:<metric_type_id>`.
 */
export interface ListTotalsTable {
  name: string;
  value: number;
  /** PostgreSQL only (migration 0002): the writer's shard of this key's figures (ADR 30). */
  shard: Generated<number>;
}

/**
 * A version per employee of what their dashboard shows, moved by triggers (migration 0019); no
 * row is version 0.
 */
export interface EmployeeDashboardVersionsTable {
  employee_id: number;
  version: number;
}

/** A version per table of what list items show of its rows, moved by triggers (migration 0021). */
export interface TableVersionsTable {
  name: 'employees' | 'metric_types' | 'users';
  version: number;
}

export interface DB {
  users: UsersTable;
  employees: EmployeesTable;
  metric_types: MetricTypesTable;
  performance_metrics: PerformanceMetricsTable;
  bonuses: BonusesTable;
  questions: QuestionsTable;
  audit_entries: AuditEntriesTable;
  employee_scores: EmployeeScoresTable;
  employee_monthly_scores: EmployeeMonthlyScoresTable;
  employee_metric_type_scores: EmployeeMetricTypeScoresTable;
  sign_in_throttle: SignInThrottleTable;
  insight_totals: InsightTotalsTable;
  monthly_metric_totals: MonthlyMetricTotalsTable;
  daily_bonus_totals: DailyBonusTotalsTable;
  department_totals: DepartmentTotalsTable;
  score_histogram: ScoreHistogramTable;
  list_totals: ListTotalsTable;
  employee_dashboard_versions: EmployeeDashboardVersionsTable;
  table_versions: TableVersionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EmployeeRow = Selectable<EmployeesTable>;
/** What the API answers of a metric type: every column but the version only lists read. */
export type MetricTypeRow = Omit<Selectable<MetricTypesTable>, 'row_version'>;
export type PerformanceMetricRow = Selectable<PerformanceMetricsTable>;
export type BonusRow = Selectable<BonusesTable>;
export type QuestionRow = Selectable<QuestionsTable>;
export type AuditEntryRow = Selectable<AuditEntriesTable>;
