-- The schema a fresh sqlite database holds after every migration, read back from its catalogue
-- (test/helpers/schema-shape.ts). Written by migrations.test.ts: a change to it shows in review.

CREATE TABLE audit_entries (
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
);

CREATE VIRTUAL TABLE audit_entries_text using fts5 (
  name,
  description,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
);

CREATE TABLE 'audit_entries_text_config'(k PRIMARY KEY, v) WITHOUT ROWID;

CREATE TABLE 'audit_entries_text_data'(id INTEGER PRIMARY KEY, block BLOB);

CREATE TABLE 'audit_entries_text_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

CREATE TABLE 'audit_entries_text_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

CREATE TABLE bonuses (
  id integer primary key autoincrement,
  employee_id integer not null references employees (id) on delete cascade,
  bonus_name text not null,
  description text not null,
  awarded_by integer references users (id) on delete set null,
  created_at text not null,
  updated_at text not null,
  row_version integer default 0 not null
);

CREATE TABLE daily_bonus_totals (
  day text primary key,
  bonus_count integer not null
);

CREATE TABLE department_totals (
  department text primary key,
  staff_count integer not null,
  scored_staff_count integer not null,
  metric_count integer not null,
  value_sum_hundredths integer not null
);

CREATE TABLE employee_dashboard_versions (
  employee_id integer primary key,
  version integer not null
);

CREATE TABLE employee_metric_type_scores (
  employee_id integer not null references employees (id) on delete cascade,
  metric_type_id integer not null references metric_types (id) on delete cascade,
  metric_count integer not null,
  value_sum_hundredths integer not null,
  constraint employee_metric_type_scores_pk primary key (employee_id, metric_type_id)
);

CREATE TABLE employee_monthly_scores (
  employee_id integer not null references employees (id) on delete cascade,
  month text not null,
  metric_count integer not null,
  value_sum_hundredths integer not null,
  constraint employee_monthly_scores_pk primary key (employee_id, month)
);

CREATE TABLE employee_scores (
  employee_id integer primary key references employees (id) on delete cascade,
  metric_count integer not null,
  value_sum_hundredths integer not null,
  average_score real not null,
  updated_at text not null,
  last_name text default '' not null,
  first_name text default '' not null
);

CREATE TABLE employees (
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
);

CREATE VIRTUAL TABLE employees_search using fts5 (
  search_text,
  content = 'employees',
  content_rowid = 'id',
  tokenize = 'trigram case_sensitive 1'
);

CREATE TABLE 'employees_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

CREATE TABLE 'employees_search_data'(id INTEGER PRIMARY KEY, block BLOB);

CREATE TABLE 'employees_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

CREATE TABLE 'employees_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

CREATE TABLE insight_totals (
  name text primary key,
  value integer not null
);

CREATE TABLE "kysely_migration" ("name" varchar(255) not null primary key, "timestamp" varchar(255) not null);

CREATE TABLE "kysely_migration_lock" ("id" varchar(255) not null primary key, "is_locked" integer default 0 not null);

CREATE TABLE list_totals (
  name text primary key,
  value integer not null
);

CREATE TABLE metric_types (
  id integer primary key autoincrement,
  metric_name text not null,
  description text,
  measurement_unit text,
  minimum_value real check (minimum_value >= 0),
  maximum_value real check (maximum_value >= 0),
  created_at text not null,
  updated_at text not null,
  row_version integer default 0 not null
);

CREATE TABLE monthly_metric_totals (
  month text primary key,
  metric_count integer not null
);

CREATE TABLE performance_metrics (
  id integer primary key autoincrement,
  user_id integer not null references employees (id) on delete cascade,
  metric_type_id integer not null references metric_types (id) on delete restrict,
  value_hundredths integer not null check (value_hundredths between 100 and 10000),
  comment text,
  recorded_by integer references users (id) on delete set null,
  created_at text not null,
  updated_at text not null,
  row_version integer default 0 not null
);

CREATE TABLE questions (
  id integer primary key autoincrement,
  employee_id integer not null references employees (id) on delete cascade,
  question text not null,
  response text,
  responded_at text,
  asked_by integer references users (id) on delete set null,
  created_at text not null,
  updated_at text not null,
  row_version integer default 0 not null
);

CREATE VIRTUAL TABLE questions_search using fts5 (
  question,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
);

CREATE TABLE 'questions_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

CREATE TABLE 'questions_search_data'(id INTEGER PRIMARY KEY, block BLOB);

CREATE TABLE 'questions_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

CREATE TABLE 'questions_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

CREATE TABLE score_histogram (
  bucket integer primary key,
  staff_count integer not null
);

CREATE TABLE sign_in_throttle (
  throttle_key text primary key,
  failures integer not null,
  window_started_at integer not null,
  locked_until integer not null
);

CREATE TABLE sqlite_sequence(name,seq);

CREATE TABLE table_versions (
  name text primary key,
  version integer default 0 not null
);

CREATE TABLE users (
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
);

CREATE VIRTUAL TABLE users_search using fts5 (
  full_name,
  email,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram case_sensitive 1'
);

CREATE TABLE 'users_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

CREATE TABLE 'users_search_data'(id INTEGER PRIMARY KEY, block BLOB);

CREATE TABLE 'users_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

CREATE TABLE 'users_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

CREATE INDEX audit_entries_entity_idx on audit_entries (entity_type, entity_id);

CREATE INDEX audit_entries_walk_idx on audit_entries (created_at, id, name, description);

CREATE INDEX bonuses_created_idx on bonuses (created_at);

CREATE INDEX bonuses_employee_created_idx on bonuses (employee_id, created_at);

CREATE INDEX employee_metric_type_scores_type_idx on employee_metric_type_scores (metric_type_id, metric_count);

CREATE INDEX employee_monthly_scores_totals_idx on employee_monthly_scores (employee_id, month, metric_count, value_sum_hundredths);

CREATE INDEX employee_scores_name_idx on employee_scores (last_name, first_name, employee_id, metric_count, value_sum_hundredths);

CREATE INDEX employee_scores_rank_idx on employee_scores (average_score desc, metric_count desc, last_name, first_name, employee_id , value_sum_hundredths);

CREATE INDEX employees_created_at_idx on employees (created_at);

CREATE INDEX employees_department_idx on employees (department);

CREATE INDEX employees_department_name_ci_idx on employees (department, lower(last_name), lower(first_name), id);

CREATE INDEX employees_department_status_salary_idx on employees (department, status, (case when salary_cents is null then 1 else 0 end), salary_cents desc, id desc);

CREATE INDEX employees_first_last_ci_idx on employees (lower(first_name), lower(last_name), id);

CREATE INDEX employees_join_date_idx on employees (join_date);

CREATE INDEX employees_joined_idx on employees (join_date, created_at, id);

CREATE INDEX employees_last_first_ci_idx on employees (lower(last_name), lower(first_name), id);

CREATE INDEX employees_manager_idx on employees (manager_id);

CREATE INDEX employees_name_idx on employees (last_name, first_name);

CREATE INDEX employees_position_idx on employees (position);

CREATE INDEX employees_status_idx on employees (status);

CREATE UNIQUE INDEX metric_types_name_unique on metric_types (lower(metric_name));

CREATE INDEX performance_metrics_created_idx on performance_metrics (created_at);

CREATE INDEX performance_metrics_type_created_idx on performance_metrics (metric_type_id, created_at);

CREATE INDEX performance_metrics_user_created_idx on performance_metrics (user_id, created_at);

CREATE INDEX questions_employee_created_idx on questions (employee_id, created_at);

CREATE INDEX questions_updated_idx on questions (updated_at, id);

CREATE INDEX questions_walk_idx on questions (responded_at, updated_at, id, row_version, employee_id, question);

-- index sqlite_autoindex_daily_bonus_totals_1 on daily_bonus_totals (made by its table's constraints);

-- index sqlite_autoindex_department_totals_1 on department_totals (made by its table's constraints);

-- index sqlite_autoindex_employee_metric_type_scores_1 on employee_metric_type_scores (made by its table's constraints);

-- index sqlite_autoindex_employee_monthly_scores_1 on employee_monthly_scores (made by its table's constraints);

-- index sqlite_autoindex_employees_1 on employees (made by its table's constraints);

-- index sqlite_autoindex_employees_2 on employees (made by its table's constraints);

-- index sqlite_autoindex_insight_totals_1 on insight_totals (made by its table's constraints);

-- index sqlite_autoindex_kysely_migration_1 on kysely_migration (made by its table's constraints);

-- index sqlite_autoindex_kysely_migration_lock_1 on kysely_migration_lock (made by its table's constraints);

-- index sqlite_autoindex_list_totals_1 on list_totals (made by its table's constraints);

-- index sqlite_autoindex_monthly_metric_totals_1 on monthly_metric_totals (made by its table's constraints);

-- index sqlite_autoindex_sign_in_throttle_1 on sign_in_throttle (made by its table's constraints);

-- index sqlite_autoindex_table_versions_1 on table_versions (made by its table's constraints);

-- index sqlite_autoindex_users_1 on users (made by its table's constraints);

-- index sqlite_autoindex_users_2 on users (made by its table's constraints);

-- index sqlite_autoindex_users_3 on users (made by its table's constraints);

CREATE INDEX users_created_at_idx on users (created_at);

CREATE INDEX users_user_type_idx on users (user_type);

CREATE TRIGGER insights_employees_insert after insert on employees begin
    update insight_totals set value = value + 1 where name = 'employees';
    insert into department_totals
      (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
    values (new.department, 1, 0, 0, 0)
    on conflict (department) do update set staff_count = staff_count + 1;
  end;

CREATE TRIGGER insights_employees_delete before delete on employees begin
    delete from employee_monthly_scores where employee_id = old.id;
    delete from employee_scores where employee_id = old.id;
    update insight_totals set value = value - 1 where name = 'employees';
    update department_totals set staff_count = staff_count - 1
      where department = old.department;
  end;

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
  end;

CREATE TRIGGER insights_employees_ranked_fields
  after update of first_name, last_name, position, department on employees begin
    update insight_totals set value = value + 1 where name = 'ranking_version';
  end;

CREATE TRIGGER insights_metric_values_insert after insert on performance_metrics begin
    update insight_totals set value = value + 1 where name = 'metric_values';
  end;

CREATE TRIGGER insights_metric_values_delete after delete on performance_metrics begin
    update insight_totals set value = value - 1 where name = 'metric_values';
  end;

CREATE TRIGGER insights_bonuses_insert after insert on bonuses begin
    update insight_totals set value = value + 1 where name = 'bonuses';
    insert into daily_bonus_totals (day, bonus_count)
    values (strftime('%Y-%m-%d', new.created_at), 1)
    on conflict (day) do update set bonus_count = bonus_count + 1;
  end;

CREATE TRIGGER insights_bonuses_delete after delete on bonuses begin
    update insight_totals set value = value - 1 where name = 'bonuses';
    update daily_bonus_totals set bonus_count = bonus_count - 1
      where day = strftime('%Y-%m-%d', old.created_at);
  end;

CREATE TRIGGER insights_bonuses_created_at after update of created_at on bonuses
  when strftime('%Y-%m-%d', new.created_at) is not strftime('%Y-%m-%d', old.created_at) begin
    update daily_bonus_totals set bonus_count = bonus_count - 1
      where day = strftime('%Y-%m-%d', old.created_at);
    insert into daily_bonus_totals (day, bonus_count)
    values (strftime('%Y-%m-%d', new.created_at), 1)
    on conflict (day) do update set bonus_count = bonus_count + 1;
  end;

CREATE TRIGGER insights_monthly_insert after insert on employee_monthly_scores begin
    insert into monthly_metric_totals (month, metric_count) values (new.month, new.metric_count)
    on conflict (month) do update set metric_count = metric_count + new.metric_count;
  end;

CREATE TRIGGER insights_monthly_update after update on employee_monthly_scores begin
    update monthly_metric_totals set metric_count = metric_count - old.metric_count
      where month = old.month;
    insert into monthly_metric_totals (month, metric_count) values (new.month, new.metric_count)
    on conflict (month) do update set metric_count = metric_count + new.metric_count;
  end;

CREATE TRIGGER insights_monthly_delete after delete on employee_monthly_scores begin
    update monthly_metric_totals set metric_count = metric_count - old.metric_count
      where month = old.month;
  end;

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
     end;

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
     end;

CREATE TRIGGER list_totals_audit_insert after insert on audit_entries begin
    insert into list_totals (name, value) values ('audit_entries', 1)
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_audit_delete after delete on audit_entries begin
    insert into list_totals (name, value) values ('audit_entries', -1)
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_users_insert after insert on users begin
    insert into list_totals (name, value) values ('users', 1)
  on conflict (name) do update set value = value + excluded.value;
    insert into list_totals (name, value) values ('users:' || new.user_type, 1)
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_users_delete after delete on users begin
    insert into list_totals (name, value) values ('users', -1)
  on conflict (name) do update set value = value + excluded.value;
    insert into list_totals (name, value) values ('users:' || old.user_type, -1)
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_users_role after update of user_type on users
  when new.user_type is not old.user_type begin
    insert into list_totals (name, value) values ('users:' || old.user_type, -1)
  on conflict (name) do update set value = value + excluded.value;
    insert into list_totals (name, value) values ('users:' || new.user_type, 1)
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_questions_insert after insert on questions begin
    insert into list_totals (name, value) values ('questions', 1)
  on conflict (name) do update set value = value + excluded.value;
    insert into list_totals (name, value) values ('questions:answered', (new.responded_at is not null))
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_questions_delete after delete on questions begin
    insert into list_totals (name, value) values ('questions', -1)
  on conflict (name) do update set value = value + excluded.value;
    insert into list_totals (name, value) values ('questions:answered', -(old.responded_at is not null))
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_questions_answered after update of responded_at on questions
  when (new.responded_at is null) is not (old.responded_at is null) begin
    insert into list_totals (name, value) values ('questions:answered', (new.responded_at is not null) - (old.responded_at is not null))
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_values_insert after insert on performance_metrics begin
    insert into list_totals (name, value) values ('metric_values:type:' || new.metric_type_id, 1)
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_values_delete after delete on performance_metrics begin
    insert into list_totals (name, value) values ('metric_values:type:' || old.metric_type_id, -1)
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER list_totals_values_type after update of metric_type_id on performance_metrics
  when new.metric_type_id is not old.metric_type_id begin
    insert into list_totals (name, value) values ('metric_values:type:' || old.metric_type_id, -1)
  on conflict (name) do update set value = value + excluded.value;
    insert into list_totals (name, value) values ('metric_values:type:' || new.metric_type_id, 1)
  on conflict (name) do update set value = value + excluded.value;
  end;

CREATE TRIGGER data_version_users_insert after insert on users begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_users_update after update on users begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_users_delete after delete on users begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employees_insert after insert on employees begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employees_update after update on employees begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employees_delete after delete on employees begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_metric_types_insert after insert on metric_types begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_metric_types_update after update on metric_types begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_metric_types_delete after delete on metric_types begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_performance_metrics_insert after insert on performance_metrics begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_performance_metrics_update after update on performance_metrics begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_performance_metrics_delete after delete on performance_metrics begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_bonuses_insert after insert on bonuses begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_bonuses_update after update on bonuses begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_bonuses_delete after delete on bonuses begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_questions_insert after insert on questions begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_questions_update after update on questions begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_questions_delete after delete on questions begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_audit_entries_insert after insert on audit_entries begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_audit_entries_update after update on audit_entries begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_audit_entries_delete after delete on audit_entries begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employee_scores_insert after insert on employee_scores begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employee_scores_update after update on employee_scores begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employee_scores_delete after delete on employee_scores begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employee_monthly_scores_insert after insert on employee_monthly_scores begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employee_monthly_scores_update after update on employee_monthly_scores begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employee_monthly_scores_delete after delete on employee_monthly_scores begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employee_metric_type_scores_insert after insert on employee_metric_type_scores begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employee_metric_type_scores_update after update on employee_metric_type_scores begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER data_version_employee_metric_type_scores_delete after delete on employee_metric_type_scores begin
    update list_totals set value = value + 1 where name = 'data_version';
  end;

CREATE TRIGGER dashboard_version_employee_monthly_scores_insert after insert on employee_monthly_scores begin
       insert into employee_dashboard_versions (employee_id, version)
  select distinct employee_id, 1 from (select new.employee_id as employee_id) where true
  on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
     end;

CREATE TRIGGER dashboard_version_employee_monthly_scores_delete after delete on employee_monthly_scores begin
       insert into employee_dashboard_versions (employee_id, version)
  select distinct employee_id, 1 from (select old.employee_id as employee_id) where true
  on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
     end;

CREATE TRIGGER dashboard_version_employee_monthly_scores_update after update on employee_monthly_scores begin
       insert into employee_dashboard_versions (employee_id, version)
  select distinct employee_id, 1 from (select new.employee_id as employee_id union select old.employee_id) where true
  on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
     end;

CREATE TRIGGER dashboard_version_bonuses_insert after insert on bonuses begin
       insert into employee_dashboard_versions (employee_id, version)
  select distinct employee_id, 1 from (select new.employee_id as employee_id) where true
  on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
     end;

CREATE TRIGGER dashboard_version_bonuses_delete after delete on bonuses begin
       insert into employee_dashboard_versions (employee_id, version)
  select distinct employee_id, 1 from (select old.employee_id as employee_id) where true
  on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
     end;

CREATE TRIGGER dashboard_version_bonuses_update after update on bonuses begin
       insert into employee_dashboard_versions (employee_id, version)
  select distinct employee_id, 1 from (select new.employee_id as employee_id union select old.employee_id) where true
  on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
     end;

CREATE TRIGGER employees_row_version after update on "employees"
  when new.row_version = old.row_version
  begin
    update "employees" set row_version = old.row_version + 1 where id = new.id;
  end;

CREATE TRIGGER users_row_version after update on "users"
  when new.row_version = old.row_version
  begin
    update "users" set row_version = old.row_version + 1 where id = new.id;
  end;

CREATE TRIGGER metric_types_row_version after update on "metric_types"
  when new.row_version = old.row_version
  begin
    update "metric_types" set row_version = old.row_version + 1 where id = new.id;
  end;

CREATE TRIGGER performance_metrics_row_version after update on "performance_metrics"
  when new.row_version = old.row_version
  begin
    update "performance_metrics" set row_version = old.row_version + 1 where id = new.id;
  end;

CREATE TRIGGER bonuses_row_version after update on "bonuses"
  when new.row_version = old.row_version
  begin
    update "bonuses" set row_version = old.row_version + 1 where id = new.id;
  end;

CREATE TRIGGER questions_row_version after update on "questions"
  when new.row_version = old.row_version
  begin
    update "questions" set row_version = old.row_version + 1 where id = new.id;
  end;

CREATE TRIGGER table_version_employees_update after update on "employees"
  begin
    update table_versions set version = version + 1 where name = 'employees';
  end;

CREATE TRIGGER table_version_metric_types_update after update on "metric_types"
  begin
    update table_versions set version = version + 1 where name = 'metric_types';
  end;

CREATE TRIGGER table_version_users_insert after insert on "users"
  begin
    update table_versions set version = version + 1 where name = 'users';
  end;

CREATE TRIGGER table_version_users_update after update on "users"
  begin
    update table_versions set version = version + 1 where name = 'users';
  end;

CREATE TRIGGER table_version_users_delete after delete on "users"
  begin
    update table_versions set version = version + 1 where name = 'users';
  end;

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
     end;

CREATE TRIGGER score_names_fill after insert on employee_scores begin
    update employee_scores set
      last_name = coalesce((select e.last_name from employees e where e.id = new.employee_id), ''),
      first_name = coalesce((select e.first_name from employees e where e.id = new.employee_id), '')
    where employee_id = new.employee_id;
  end;

CREATE TRIGGER score_names_follow after update of last_name, first_name on employees
  when new.last_name is not old.last_name or new.first_name is not old.first_name
  begin
    update employee_scores set last_name = new.last_name, first_name = new.first_name
      where employee_id = new.id;
  end;

CREATE TRIGGER employees_search_insert after insert on employees begin
    insert into employees_search (rowid, search_text) values (new.id, new.search_text);
  end;

CREATE TRIGGER employees_search_delete after delete on employees begin
    insert into employees_search (employees_search, rowid, search_text)
      values ('delete', old.id, old.search_text);
  end;

CREATE TRIGGER employees_search_update after update of id, first_name, last_name, email, position, employee_code on employees begin
    insert into employees_search (employees_search, rowid, search_text)
      values ('delete', old.id, old.search_text);
    insert into employees_search (rowid, search_text) values (new.id, new.search_text);
  end;

CREATE TRIGGER users_search_insert after insert on users begin
    insert into users_search (rowid, full_name, email) values (new.id, lower(new.firstname || ' ' || new.lastname), lower(new.email));
  end;

CREATE TRIGGER users_search_delete after delete on users begin
    delete from users_search where rowid = old.id;
  end;

CREATE TRIGGER users_search_update after update of id, firstname, lastname, email on users begin
    delete from users_search where rowid = old.id;
    insert into users_search (rowid, full_name, email) values (new.id, lower(new.firstname || ' ' || new.lastname), lower(new.email));
  end;

CREATE TRIGGER questions_search_insert after insert on questions begin
    insert into questions_search (rowid, question) values (new.id, lower(new.question));
  end;

CREATE TRIGGER questions_search_delete after delete on questions begin
    delete from questions_search where rowid = old.id;
  end;

CREATE TRIGGER questions_search_update after update of id, question on questions begin
    delete from questions_search where rowid = old.id;
    insert into questions_search (rowid, question) values (new.id, lower(new.question));
  end;

CREATE TRIGGER audit_entries_text_insert after insert on audit_entries begin
    insert into audit_entries_text (rowid, name, description) values (new.id, lower(new.name), lower(new.description));
  end;

CREATE TRIGGER audit_entries_text_delete after delete on audit_entries begin
    delete from audit_entries_text where rowid = old.id;
  end;

CREATE TRIGGER audit_entries_text_update after update of id, name, description on audit_entries begin
    delete from audit_entries_text where rowid = old.id;
    insert into audit_entries_text (rowid, name, description) values (new.id, lower(new.name), lower(new.description));
  end;
