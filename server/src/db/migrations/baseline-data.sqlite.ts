/**
 * The data tables of the baseline schema on SQLite, with their constraints and plain indexes:
 * exactly what the old chain (0001_initial .. 0035_recent_joiners_index) ended with, tidied.
 * The statements run in this order; schema.sqlite.sql is the resulting schema's snapshot.
 */
export const sqliteDataSchema: readonly string[] = [
  // Staff records (SPEC.md section 3), with an index for every filter and order.
  `create table employees (
  id integer primary key autoincrement,
  first_name text not null,
  last_name text not null,
  email text not null unique,
  phone text,
  position text not null,
  department text not null,
  join_date text not null,
  status text default 'active' not null,
  salary_cents integer check (salary_cents >= 0),
  employee_code text unique,
  employment_type text,
  location text,
  manager_id integer references employees (id) on delete set null,
  notes text,
  skills text default '[]' not null,
  created_at text not null,
  updated_at text not null,
  search_text text generated always as (lower(first_name || ' ' || last_name || '
' || email || '
' || position || '
' || coalesce(employee_code, ''))),
  row_version integer default 0 not null
)`,
  `create index employees_name_idx on employees (last_name, first_name)`,
  `create index employees_department_idx on employees (department)`,
  `create index employees_position_idx on employees (position)`,
  `create index employees_status_idx on employees (status)`,
  `create index employees_join_date_idx on employees (join_date)`,
  `create index employees_created_at_idx on employees (created_at)`,
  `create index employees_manager_idx on employees (manager_id)`,

  // Accounts: administrators, managers, employees (linked to a staff record).
  `create table users (
  id integer primary key autoincrement,
  email text not null unique,
  firstname text not null,
  lastname text not null,
  user_type text not null check (user_type in ('admin', 'manager', 'employee')),
  employee_id integer unique references employees (id) on delete set null,
  password_hash text,
  password_is_temporary integer default 0 not null,
  google_subject text unique,
  tokens_valid_after integer default 0 not null,
  created_at text not null,
  updated_at text not null,
  row_version integer default 0 not null
)`,
  `create index users_user_type_idx on users (user_type)`,
  `create index users_created_at_idx on users (created_at)`,

  // Performance metric types.
  `create table metric_types (
  id integer primary key autoincrement,
  metric_name text not null,
  description text,
  measurement_unit text,
  minimum_value real check (minimum_value >= 0),
  maximum_value real check (maximum_value >= 0),
  created_at text not null,
  updated_at text not null,
  row_version integer default 0 not null
)`,
  `create unique index metric_types_name_unique on metric_types (lower(metric_name))`,

  // Recorded metric values, in hundredths.
  `create table performance_metrics (
  id integer primary key autoincrement,
  user_id integer not null references employees (id) on delete cascade,
  metric_type_id integer not null references metric_types (id) on delete restrict,
  value_hundredths integer not null check (value_hundredths between 100 and 10000),
  comment text,
  recorded_by integer references users (id) on delete set null,
  created_at text not null,
  updated_at text not null,
  row_version integer default 0 not null
)`,
  `create index performance_metrics_user_created_idx on performance_metrics (user_id, created_at)`,
  `create index performance_metrics_type_created_idx on performance_metrics (metric_type_id, created_at)`,
  `create index performance_metrics_created_idx on performance_metrics (created_at)`,

  // Bonuses awarded to staff.
  `create table bonuses (
  id integer primary key autoincrement,
  employee_id integer not null references employees (id) on delete cascade,
  bonus_name text not null,
  description text not null,
  awarded_by integer references users (id) on delete set null,
  created_at text not null,
  updated_at text not null,
  row_version integer default 0 not null
)`,
  `create index bonuses_employee_created_idx on bonuses (employee_id, created_at)`,
  `create index bonuses_created_idx on bonuses (created_at)`,

  // Questions staff ask, and their answers.
  `create table questions (
  id integer primary key autoincrement,
  employee_id integer not null references employees (id) on delete cascade,
  question text not null,
  response text,
  responded_at text,
  asked_by integer references users (id) on delete set null,
  created_at text not null,
  updated_at text not null,
  row_version integer default 0 not null
)`,
  `create index questions_employee_created_idx on questions (employee_id, created_at)`,

  // The audit trail.
  `create table audit_entries (
  id integer primary key autoincrement,
  name text not null,
  description text not null,
  actor_user_id integer,
  actor_email text,
  ip_address text,
  entity_type text,
  entity_id integer,
  before_json text,
  after_json text,
  created_at text not null,
  updated_at text not null
)`,
  `create index audit_entries_entity_idx on audit_entries (entity_type, entity_id)`,

  // Failed sign-ins per address, for throttling.
  `create table sign_in_throttle (
  throttle_key text primary key,
  failures integer not null,
  window_started_at integer not null,
  locked_until integer not null
)`,

  // Staff records (SPEC.md section 3), with an index for every filter and order.
  `create index employees_last_first_ci_idx on employees (lower(last_name), lower(first_name), id)`,
  `create index employees_first_last_ci_idx on employees (lower(first_name), lower(last_name), id)`,
  `create index employees_department_name_ci_idx on employees (department, lower(last_name), lower(first_name), id)`,

  // Questions staff ask, and their answers.
  `create index questions_updated_idx on questions (updated_at, id)`,

  // Staff records (SPEC.md section 3), with an index for every filter and order.
  `create index employees_department_status_salary_idx on employees (department, status, (case when salary_cents is null then 1 else 0 end), salary_cents desc, id desc)`,

  // Questions staff ask, and their answers.
  `create index questions_walk_idx on questions (responded_at, updated_at, id, row_version, employee_id, question)`,

  // The audit trail.
  `create index audit_entries_walk_idx on audit_entries (created_at, id, name, description)`,

  // Staff records (SPEC.md section 3), with an index for every filter and order.
  `create index employees_joined_idx on employees (join_date, created_at, id)`,
];
