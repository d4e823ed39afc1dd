/**
 * The derived part of the baseline schema on PostgreSQL: tables computed from the data tables,
 * their indexes, the trigger functions and triggers that keep them (PostgreSQL fires a table's
 * triggers in the order of their names) and the rows they start with. Kept apart from the data
 * tables for the registry of derived tables (server/src/db/derived/), which is to generate this
 * part.
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

  // Questions' search table.
  `create table questions_search (
  id integer not null,
  question text not null,
  employee_text text not null,
  pending boolean not null,
  updated_at timestamp with time zone not null,
  row_version integer default 0 not null,
  constraint questions_search_pkey primary key (id)
)`,
  `create index questions_search_question_trgm_idx on questions_search using gin (question gin_trgm_ops)`,
  `create index questions_search_employee_text_trgm_idx on questions_search using gin (employee_text gin_trgm_ops)`,
  `create index questions_search_pending_question_trgm_idx on questions_search using gin (question gin_trgm_ops) where pending`,
  `create index questions_search_pending_employee_text_trgm_idx on questions_search using gin (employee_text gin_trgm_ops) where pending`,
  `create index questions_search_updated_idx on questions_search (updated_at, id) include (question, employee_text, row_version)`,
  `create index questions_search_pending_updated_idx on questions_search (updated_at, id) include (question, employee_text, row_version) where pending`,

  // Staff search trigram postings.
  `create table employees_search_postings (
  trigram text collate "C" not null,
  last_key text not null,
  first_key text not null,
  id integer not null,
  constraint employees_search_postings_pkey primary key (trigram, last_key, first_key, id)
)`,

  // Staff search table and its positions in the list's order.
  `create table employees_search (
  id integer not null,
  search_text text not null,
  last_key text not null,
  first_key text not null,
  constraint employees_search_pkey primary key (id)
)`,
  `create index employees_search_search_text_trgm_idx on employees_search using gin (search_text gin_trgm_ops)`,

  // User search trigram postings.
  `create table users_search_postings (
  trigram text collate "C" not null,
  created_at timestamp with time zone not null,
  id integer not null,
  constraint users_search_postings_pkey primary key (trigram, created_at, id)
)`,

  // User search table and its positions in the list's order.
  `create table users_search (
  id integer not null,
  full_name text not null,
  email text not null,
  created_at timestamp with time zone not null,
  constraint users_search_pkey primary key (id)
)`,
  `create index users_search_full_name_trgm_idx on users_search using gin (full_name gin_trgm_ops)`,
  `create index users_search_email_trgm_idx on users_search using gin (email gin_trgm_ops)`,

  // Audit trail search table.
  `create table audit_entries_search (
  id integer not null,
  created_at timestamp with time zone not null,
  name text not null,
  description text not null,
  constraint audit_entries_search_pkey primary key (id)
)`,
  `create index audit_entries_search_created_idx on audit_entries_search (created_at, id)`,

  // Metric values counted per hour of created_at (deep pages of all values).
  `create table metric_value_hours (
  hour timestamp with time zone not null,
  value_count bigint not null,
  constraint metric_value_hours_pkey primary key (hour)
)`,

  // Metric values counted per day of created_at (deep pages of all values).
  `create table metric_value_days (
  day timestamp with time zone not null,
  value_count bigint not null,
  constraint metric_value_days_pkey primary key (day)
)`,

  // Trigger functions: The totals' advisory lock, taken before a statement changes any row (one order of locks for every writer).
  `create function insights_lock_first()
  returns trigger
  language plpgsql
as $$
  begin
    perform pg_advisory_xact_lock(7341002);
    return null;
  end
$$`,

  // Trigger functions: Score totals per employee (employee_scores), kept from the metric values.
  `create function insights_scores_change()
  returns trigger
  language plpgsql
as $$
  begin
    perform pg_advisory_xact_lock(7341002);
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
  end
$$`,

  // Trigger functions: Monthly score totals per employee.
  `create function insights_monthly_change()
  returns trigger
  language plpgsql
as $$
  begin
    perform pg_advisory_xact_lock(7341002);
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
  end
$$`,

  // Trigger functions: Insight totals: counts, per-month metric and per-day bonus totals, departments, score histogram.
  `create function insights_employees_change()
  returns trigger
  language plpgsql
as $$
  begin
    perform pg_advisory_xact_lock(7341002);
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
  end
$$`,
  `create function insights_count_rows()
  returns trigger
  language plpgsql
as $$
  declare delta bigint;
  begin
    if tg_op = 'INSERT' then select count(*) into delta from new_rows;
    else select -count(*) into delta from old_rows;
    end if;
    if delta <> 0 then
      perform pg_advisory_xact_lock(7341002);
      update insight_totals set value = value + delta where name = tg_argv[0];
    end if;
    return null;
  end
$$`,
  `create function insights_bonus_days()
  returns trigger
  language plpgsql
as $$
  begin
    perform pg_advisory_xact_lock(7341002);
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
  end
$$`,

  // Trigger functions: List totals: row counts per list and filter, and data_version.
  `create function list_totals_audit()
  returns trigger
  language plpgsql
as $$
  declare names text[]; deltas bigint[];
  begin
    if tg_op = 'INSERT' then
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, 1 as sign from new_rows r cross join lateral (select 'audit_entries') t(name)) c group by name) d
  where delta <> 0;
    elsif tg_op = 'DELETE' then
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, -1 as sign from old_rows r cross join lateral (select 'audit_entries') t(name)) c group by name) d
  where delta <> 0;
    else
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, 1 as sign from new_rows r cross join lateral (select 'audit_entries') t(name) union all select t.name, -1 as sign from old_rows r cross join lateral (select 'audit_entries') t(name)) c group by name) d
  where delta <> 0;
    end if;
    if names is not null then
      perform pg_advisory_xact_lock(7341002);
      insert into list_totals as t (name, value)
      select * from unnest(names, deltas)
      on conflict (name) do update set value = t.value + excluded.value;
    end if;
    return null;
  end
$$`,
  `create function list_totals_users()
  returns trigger
  language plpgsql
as $$
  declare names text[]; deltas bigint[];
  begin
    if tg_op = 'INSERT' then
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, 1 as sign from new_rows r cross join lateral (values ('users'), ('users:' || r.user_type)) t(name)) c group by name) d
  where delta <> 0;
    elsif tg_op = 'DELETE' then
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, -1 as sign from old_rows r cross join lateral (values ('users'), ('users:' || r.user_type)) t(name)) c group by name) d
  where delta <> 0;
    else
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, 1 as sign from new_rows r cross join lateral (values ('users'), ('users:' || r.user_type)) t(name) union all select t.name, -1 as sign from old_rows r cross join lateral (values ('users'), ('users:' || r.user_type)) t(name)) c group by name) d
  where delta <> 0;
    end if;
    if names is not null then
      perform pg_advisory_xact_lock(7341002);
      insert into list_totals as t (name, value)
      select * from unnest(names, deltas)
      on conflict (name) do update set value = t.value + excluded.value;
    end if;
    return null;
  end
$$`,
  `create function list_totals_questions()
  returns trigger
  language plpgsql
as $$
  declare names text[]; deltas bigint[];
  begin
    if tg_op = 'INSERT' then
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, 1 as sign from new_rows r cross join lateral (select 'questions' union all
   select 'questions:answered' where r.responded_at is not null) t(name)) c group by name) d
  where delta <> 0;
    elsif tg_op = 'DELETE' then
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, -1 as sign from old_rows r cross join lateral (select 'questions' union all
   select 'questions:answered' where r.responded_at is not null) t(name)) c group by name) d
  where delta <> 0;
    else
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, 1 as sign from new_rows r cross join lateral (select 'questions' union all
   select 'questions:answered' where r.responded_at is not null) t(name) union all select t.name, -1 as sign from old_rows r cross join lateral (select 'questions' union all
   select 'questions:answered' where r.responded_at is not null) t(name)) c group by name) d
  where delta <> 0;
    end if;
    if names is not null then
      perform pg_advisory_xact_lock(7341002);
      insert into list_totals as t (name, value)
      select * from unnest(names, deltas)
      on conflict (name) do update set value = t.value + excluded.value;
    end if;
    return null;
  end
$$`,
  `create function list_totals_values()
  returns trigger
  language plpgsql
as $$
  declare names text[]; deltas bigint[];
  begin
    if tg_op = 'INSERT' then
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, 1 as sign from new_rows r cross join lateral (select 'metric_values:type:' || r.metric_type_id) t(name)) c group by name) d
  where delta <> 0;
    elsif tg_op = 'DELETE' then
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, -1 as sign from old_rows r cross join lateral (select 'metric_values:type:' || r.metric_type_id) t(name)) c group by name) d
  where delta <> 0;
    else
  select array_agg(name), array_agg(delta) into names, deltas
  from (select name, sum(sign)::bigint as delta from (select t.name, 1 as sign from new_rows r cross join lateral (select 'metric_values:type:' || r.metric_type_id) t(name) union all select t.name, -1 as sign from old_rows r cross join lateral (select 'metric_values:type:' || r.metric_type_id) t(name)) c group by name) d
  where delta <> 0;
    end if;
    if names is not null then
      perform pg_advisory_xact_lock(7341002);
      insert into list_totals as t (name, value)
      select * from unnest(names, deltas)
      on conflict (name) do update set value = t.value + excluded.value;
    end if;
    return null;
  end
$$`,

  // Trigger functions: data_version (a list_totals row): bumped by every write to a table the answers read.
  `create function data_version_bump()
  returns trigger
  language plpgsql
as $$
  begin
    perform pg_advisory_xact_lock(7341002);
    update list_totals set value = value + 1 where name = 'data_version';
    return null;
  end
$$`,

  // Trigger functions: Per-employee dashboard versions.
  `create function dashboard_version_bump()
  returns trigger
  language plpgsql
as $$
     begin
       perform pg_advisory_xact_lock(7341002);
       if tg_op = 'INSERT' then insert into employee_dashboard_versions as v (employee_id, version)
  select distinct employee_id, 1 from new_rows where true
  on conflict (employee_id) do update set version = v.version + 1;
       elsif tg_op = 'DELETE' then insert into employee_dashboard_versions as v (employee_id, version)
  select distinct employee_id, 1 from old_rows where true
  on conflict (employee_id) do update set version = v.version + 1;
       else insert into employee_dashboard_versions as v (employee_id, version)
  select distinct employee_id, 1 from (select employee_id from new_rows union select employee_id from old_rows) c where true
  on conflict (employee_id) do update set version = v.version + 1;
       end if;
       return null;
     end
$$`,

  // Trigger functions: Per-row versions: row_version goes up on every update of the row.
  `create function row_version_bump()
  returns trigger
  language plpgsql
as $$
  begin
    new.row_version := old.row_version + 1;
    return new;
  end
$$`,

  // Trigger functions: Per-table versions.
  `create function table_version_bump()
  returns trigger
  language plpgsql
as $$
  begin
    update table_versions set version = version + 1 where name = TG_TABLE_NAME;
    return null;
  end
$$`,

  // Trigger functions: Staff names copied into employee_scores for the rankings' name order.
  `create function score_names_fill()
  returns trigger
  language plpgsql
as $$
  begin
    select e.last_name, e.first_name into new.last_name, new.first_name
      from employees e where e.id = new.employee_id;
    -- No employee: the foreign key refuses the row, not the names' not null.
    new.last_name := coalesce(new.last_name, '');
    new.first_name := coalesce(new.first_name, '');
    return new;
  end
$$`,
  `create function score_names_follow()
  returns trigger
  language plpgsql
as $$
  begin
    update employee_scores set last_name = new.last_name, first_name = new.first_name
      where employee_id = new.id;
    return null;
  end
$$`,

  // Trigger functions: Search tables' shared parts.
  `create function search_trigrams(texts text[])
  returns table(trigram text)
  language sql
  immutable parallel safe
as $$
  select substr(x.text, n, 3) from unnest(texts) as x(text),
    generate_series(1, char_length(x.text) - 2) as n
$$`,

  // Trigger functions: Questions' search table.
  `create function questions_search_write()
  returns trigger
  language plpgsql
as $$
  begin
    if tg_op <> 'INSERT' then delete from questions_search where id = old.id; end if;
    if tg_op <> 'DELETE' then
      insert into questions_search (id, question, employee_text, pending, updated_at, row_version) values (new.id, lower(new.question), (select e.search_text from employees as e where e.id = new.employee_id), new.responded_at is null, new.updated_at, new.row_version);
    end if;
    return null;
  end
$$`,
  `create function questions_search_employee_text()
  returns trigger
  language plpgsql
as $$
  begin
    update questions_search as s set employee_text = new.search_text
      from questions as q where q.employee_id = new.id and s.id = q.id;
    return null;
  end
$$`,

  // Trigger functions: Staff search trigram postings.
  `create function employees_search_postings_write()
  returns trigger
  language plpgsql
as $$
   begin
     if tg_op <> 'INSERT' then
       delete from employees_search_postings as p
         where p.trigram = any(array(select t.trigram from (select distinct t.trigram, old.last_key, old.first_key, old.id
  from  search_trigrams(array[old.search_text]) as t) as t))
           and p.last_key = old.last_key and p.first_key = old.first_key and p.id = old.id;
     end if;
     if tg_op <> 'DELETE' then
       insert into employees_search_postings select distinct t.trigram, new.last_key, new.first_key, new.id
  from  search_trigrams(array[new.search_text]) as t;
     end if;
     return null;
   end
$$`,

  // Trigger functions: Staff search table and its positions in the list's order.
  `create function employees_search_write()
  returns trigger
  language plpgsql
as $$
  begin
    if tg_op <> 'INSERT' then delete from employees_search where id = old.id; end if;
    if tg_op <> 'DELETE' then insert into employees_search values (new.id, new.search_text, lower(new.last_name), lower(new.first_name)); end if;
    return null;
  end
$$`,

  // Trigger functions: User search trigram postings.
  `create function users_search_postings_write()
  returns trigger
  language plpgsql
as $$
   begin
     if tg_op <> 'INSERT' then
       delete from users_search_postings as p
         where p.trigram = any(array(select t.trigram from (select distinct t.trigram, old.created_at, old.id
  from  search_trigrams(array[old.full_name, old.email]) as t) as t))
           and p.created_at = old.created_at and p.id = old.id;
     end if;
     if tg_op <> 'DELETE' then
       insert into users_search_postings select distinct t.trigram, new.created_at, new.id
  from  search_trigrams(array[new.full_name, new.email]) as t;
     end if;
     return null;
   end
$$`,

  // Trigger functions: User search table and its positions in the list's order.
  `create function users_search_write()
  returns trigger
  language plpgsql
as $$
  begin
    if tg_op <> 'INSERT' then delete from users_search where id = old.id; end if;
    if tg_op <> 'DELETE' then
      insert into users_search (id, full_name, email, created_at) values (new.id, lower(new.firstname || ' ' || new.lastname), lower(new.email), new.created_at);
    end if;
    return null;
  end
$$`,

  // Trigger functions: Audit trail search table.
  `create function audit_entries_search_write()
  returns trigger
  language plpgsql
as $$
  begin
    if tg_op <> 'INSERT' then
      delete from audit_entries_search where id in (select id from old_rows);
    end if;
    if tg_op <> 'DELETE' then
      insert into audit_entries_search select id, created_at, lower(name), lower(description) from new_rows;
    end if;
    return null;
  end
$$`,
  `create function audit_entries_search_clear()
  returns trigger
  language plpgsql
as $$
  begin truncate audit_entries_search; return null; end
$$`,

  // Trigger functions: Metric values counted per hour of created_at (deep pages of all values).
  `create function metric_value_hours_count()
  returns trigger
  language plpgsql
as $$
   begin
     perform pg_advisory_xact_lock(7341002);
     if tg_op = 'INSERT' then
  insert into metric_value_hours as h (hour, value_count)
  select hour, sum(sign) from (select date_trunc('hour', created_at, 'UTC') as hour, 1 as sign from new_rows) c group by hour having sum(sign) <> 0
  on conflict (hour) do update set value_count = h.value_count + excluded.value_count;
     elsif tg_op = 'DELETE' then
  insert into metric_value_hours as h (hour, value_count)
  select hour, sum(sign) from (select date_trunc('hour', created_at, 'UTC') as hour, -1 as sign from old_rows) c group by hour having sum(sign) <> 0
  on conflict (hour) do update set value_count = h.value_count + excluded.value_count; delete from metric_value_hours where value_count = 0
  and hour in (select date_trunc('hour', created_at, 'UTC') from old_rows);
     else
  insert into metric_value_hours as h (hour, value_count)
  select hour, sum(sign) from (select date_trunc('hour', created_at, 'UTC') as hour, 1 as sign from new_rows union all select date_trunc('hour', created_at, 'UTC') as hour, -1 as sign from old_rows) c group by hour having sum(sign) <> 0
  on conflict (hour) do update set value_count = h.value_count + excluded.value_count; delete from metric_value_hours where value_count = 0
  and hour in (select date_trunc('hour', created_at, 'UTC') from old_rows);
     end if;
     return null;
   end
$$`,

  // Trigger functions: Metric values counted per day of created_at (deep pages of all values).
  `create function metric_value_days_count()
  returns trigger
  language plpgsql
as $$
   begin
     perform pg_advisory_xact_lock(7341002);
     if tg_op = 'INSERT' then
  insert into metric_value_days as h (day, value_count)
  select day, sum(sign) from (select date_trunc('day', created_at, 'UTC') as day, 1 as sign from new_rows) c group by day having sum(sign) <> 0
  on conflict (day) do update set value_count = h.value_count + excluded.value_count;
     elsif tg_op = 'DELETE' then
  insert into metric_value_days as h (day, value_count)
  select day, sum(sign) from (select date_trunc('day', created_at, 'UTC') as day, -1 as sign from old_rows) c group by day having sum(sign) <> 0
  on conflict (day) do update set value_count = h.value_count + excluded.value_count; delete from metric_value_days where value_count = 0
  and day in (select date_trunc('day', created_at, 'UTC') from old_rows);
     else
  insert into metric_value_days as h (day, value_count)
  select day, sum(sign) from (select date_trunc('day', created_at, 'UTC') as day, 1 as sign from new_rows union all select date_trunc('day', created_at, 'UTC') as day, -1 as sign from old_rows) c group by day having sum(sign) <> 0
  on conflict (day) do update set value_count = h.value_count + excluded.value_count; delete from metric_value_days where value_count = 0
  and day in (select date_trunc('day', created_at, 'UTC') from old_rows);
     end if;
     return null;
   end
$$`,

  // Triggers: The totals' advisory lock, taken before a statement changes any row (one order of locks for every writer).
  `create trigger insights_lock_first
  before insert or delete or update on employees
  for each statement
  execute function insights_lock_first()`,
  `create trigger insights_lock_first
  before insert or delete or update on performance_metrics
  for each statement
  execute function insights_lock_first()`,
  `create trigger insights_lock_first
  before insert or delete or update on bonuses
  for each statement
  execute function insights_lock_first()`,
  `create trigger insights_lock_first
  before insert or delete or update on employee_scores
  for each statement
  execute function insights_lock_first()`,
  `create trigger insights_lock_first
  before insert or delete or update on employee_monthly_scores
  for each statement
  execute function insights_lock_first()`,
  `create trigger insights_lock_first
  before insert or delete or update on employee_metric_type_scores
  for each statement
  execute function insights_lock_first()`,
  `create trigger insights_lock_first
  before insert or delete or update on users
  for each statement
  execute function insights_lock_first()`,
  `create trigger insights_lock_first
  before insert or delete or update on metric_types
  for each statement
  execute function insights_lock_first()`,
  `create trigger insights_lock_first
  before insert or delete or update on questions
  for each statement
  execute function insights_lock_first()`,
  `create trigger insights_lock_first
  before insert or delete or update on audit_entries
  for each statement
  execute function insights_lock_first()`,

  // Triggers: Score totals per employee (employee_scores), kept from the metric values.
  `create trigger insights_scores_change
  after insert or delete or update on employee_scores
  for each row
  execute function insights_scores_change()`,

  // Triggers: Monthly score totals per employee.
  `create trigger insights_monthly_change
  after insert or delete or update on employee_monthly_scores
  for each row
  execute function insights_monthly_change()`,

  // Triggers: Insight totals: counts, per-month metric and per-day bonus totals, departments, score histogram.
  `create trigger insights_employees_insert
  after insert on employees
  for each row
  execute function insights_employees_change()`,
  `create trigger insights_employees_delete
  before delete on employees
  for each row
  execute function insights_employees_change()`,
  `create trigger insights_employees_department
  after update of first_name, last_name, "position", department on employees
  for each row
  execute function insights_employees_change()`,
  `create trigger insights_metric_values_insert
  after insert on performance_metrics
  referencing new table as new_rows
  for each statement
  execute function insights_count_rows('metric_values')`,
  `create trigger insights_metric_values_delete
  after delete on performance_metrics
  referencing old table as old_rows
  for each statement
  execute function insights_count_rows('metric_values')`,
  `create trigger insights_bonuses_insert
  after insert on bonuses
  referencing new table as new_rows
  for each statement
  execute function insights_count_rows('bonuses')`,
  `create trigger insights_bonuses_delete
  after delete on bonuses
  referencing old table as old_rows
  for each statement
  execute function insights_count_rows('bonuses')`,
  `create trigger insights_bonus_days_insert
  after insert on bonuses
  referencing new table as new_rows
  for each statement
  execute function insights_bonus_days()`,
  `create trigger insights_bonus_days_update
  after update on bonuses
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function insights_bonus_days()`,
  `create trigger insights_bonus_days_delete
  after delete on bonuses
  referencing old table as old_rows
  for each statement
  execute function insights_bonus_days()`,

  // Triggers: List totals: row counts per list and filter, and data_version.
  `create trigger list_totals_audit_insert
  after insert on audit_entries
  referencing new table as new_rows
  for each statement
  execute function list_totals_audit()`,
  `create trigger list_totals_audit_delete
  after delete on audit_entries
  referencing old table as old_rows
  for each statement
  execute function list_totals_audit()`,
  `create trigger list_totals_audit_update
  after update on audit_entries
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function list_totals_audit()`,
  `create trigger list_totals_users_insert
  after insert on users
  referencing new table as new_rows
  for each statement
  execute function list_totals_users()`,
  `create trigger list_totals_users_delete
  after delete on users
  referencing old table as old_rows
  for each statement
  execute function list_totals_users()`,
  `create trigger list_totals_users_update
  after update on users
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function list_totals_users()`,
  `create trigger list_totals_questions_insert
  after insert on questions
  referencing new table as new_rows
  for each statement
  execute function list_totals_questions()`,
  `create trigger list_totals_questions_delete
  after delete on questions
  referencing old table as old_rows
  for each statement
  execute function list_totals_questions()`,
  `create trigger list_totals_questions_update
  after update on questions
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function list_totals_questions()`,
  `create trigger list_totals_values_insert
  after insert on performance_metrics
  referencing new table as new_rows
  for each statement
  execute function list_totals_values()`,
  `create trigger list_totals_values_delete
  after delete on performance_metrics
  referencing old table as old_rows
  for each statement
  execute function list_totals_values()`,
  `create trigger list_totals_values_update
  after update on performance_metrics
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function list_totals_values()`,

  // Triggers: data_version (a list_totals row): bumped by every write to a table the answers read.
  `create trigger data_version_users
  after insert or delete or update or truncate on users
  for each statement
  execute function data_version_bump()`,
  `create trigger data_version_employees
  after insert or delete or update or truncate on employees
  for each statement
  execute function data_version_bump()`,
  `create trigger data_version_metric_types
  after insert or delete or update or truncate on metric_types
  for each statement
  execute function data_version_bump()`,
  `create trigger data_version_performance_metrics
  after insert or delete or update or truncate on performance_metrics
  for each statement
  execute function data_version_bump()`,
  `create trigger data_version_bonuses
  after insert or delete or update or truncate on bonuses
  for each statement
  execute function data_version_bump()`,
  `create trigger data_version_questions
  after insert or delete or update or truncate on questions
  for each statement
  execute function data_version_bump()`,
  `create trigger data_version_audit_entries
  after insert or delete or update or truncate on audit_entries
  for each statement
  execute function data_version_bump()`,
  `create trigger data_version_employee_scores
  after insert or delete or update or truncate on employee_scores
  for each statement
  execute function data_version_bump()`,
  `create trigger data_version_employee_monthly_scores
  after insert or delete or update or truncate on employee_monthly_scores
  for each statement
  execute function data_version_bump()`,
  `create trigger data_version_employee_metric_type_scores
  after insert or delete or update or truncate on employee_metric_type_scores
  for each statement
  execute function data_version_bump()`,

  // Triggers: Per-employee dashboard versions.
  `create trigger dashboard_version_employee_monthly_scores_insert
  after insert on employee_monthly_scores
  referencing new table as new_rows
  for each statement
  execute function dashboard_version_bump()`,
  `create trigger dashboard_version_employee_monthly_scores_delete
  after delete on employee_monthly_scores
  referencing old table as old_rows
  for each statement
  execute function dashboard_version_bump()`,
  `create trigger dashboard_version_employee_monthly_scores_update
  after update on employee_monthly_scores
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function dashboard_version_bump()`,
  `create trigger dashboard_version_bonuses_insert
  after insert on bonuses
  referencing new table as new_rows
  for each statement
  execute function dashboard_version_bump()`,
  `create trigger dashboard_version_bonuses_delete
  after delete on bonuses
  referencing old table as old_rows
  for each statement
  execute function dashboard_version_bump()`,
  `create trigger dashboard_version_bonuses_update
  after update on bonuses
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function dashboard_version_bump()`,

  // Triggers: Per-row versions: row_version goes up on every update of the row.
  `create trigger employees_row_version
  before update on employees
  for each row
  execute function row_version_bump()`,
  `create trigger users_row_version
  before update on users
  for each row
  execute function row_version_bump()`,
  `create trigger metric_types_row_version
  before update on metric_types
  for each row
  execute function row_version_bump()`,
  `create trigger performance_metrics_row_version
  before update on performance_metrics
  for each row
  execute function row_version_bump()`,
  `create trigger bonuses_row_version
  before update on bonuses
  for each row
  execute function row_version_bump()`,
  `create trigger questions_row_version
  before update on questions
  for each row
  execute function row_version_bump()`,

  // Triggers: Per-table versions.
  `create trigger table_version_employees_update
  after update on employees
  for each statement
  execute function table_version_bump()`,
  `create trigger table_version_metric_types_update
  after update on metric_types
  for each statement
  execute function table_version_bump()`,
  `create trigger table_version_users_insert
  after insert on users
  for each statement
  execute function table_version_bump()`,
  `create trigger table_version_users_update
  after update on users
  for each statement
  execute function table_version_bump()`,
  `create trigger table_version_users_delete
  after delete on users
  for each statement
  execute function table_version_bump()`,

  // Triggers: Staff names copied into employee_scores for the rankings' name order.
  `create trigger score_names_fill
  before insert on employee_scores
  for each row
  execute function score_names_fill()`,
  `create trigger score_names_follow
  after update of last_name, first_name on employees
  for each row
  when (((new.last_name is distinct from old.last_name) or (new.first_name is distinct from old.first_name)))
  execute function score_names_follow()`,

  // Triggers: Questions' search table.
  `create trigger questions_search_employee_text
  after update of first_name, last_name, email, "position", employee_code on employees
  for each row
  when ((old.search_text is distinct from new.search_text))
  execute function questions_search_employee_text()`,
  `create trigger questions_search_write
  after insert or delete or update on questions
  for each row
  execute function questions_search_write()`,

  // Triggers: Staff search trigram postings.
  `create trigger employees_search_postings_write
  after insert or delete or update on employees_search
  for each row
  execute function employees_search_postings_write()`,

  // Triggers: Staff search table and its positions in the list's order.
  `create trigger employees_search_write
  after insert or delete or update of id, first_name, last_name, email, "position", employee_code on employees
  for each row
  execute function employees_search_write()`,

  // Triggers: User search trigram postings.
  `create trigger users_search_postings_write
  after insert or delete or update on users_search
  for each row
  execute function users_search_postings_write()`,

  // Triggers: User search table and its positions in the list's order.
  `create trigger users_search_write
  after insert or delete or update of id, firstname, lastname, email, created_at on users
  for each row
  execute function users_search_write()`,

  // Triggers: Audit trail search table.
  `create trigger audit_entries_search_insert
  after insert on audit_entries
  referencing new table as new_rows
  for each statement
  execute function audit_entries_search_write()`,
  `create trigger audit_entries_search_update
  after update on audit_entries
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function audit_entries_search_write()`,
  `create trigger audit_entries_search_delete
  after delete on audit_entries
  referencing old table as old_rows
  for each statement
  execute function audit_entries_search_write()`,
  `create trigger audit_entries_search_truncate
  after truncate on audit_entries
  for each statement
  execute function audit_entries_search_clear()`,

  // Triggers: Metric values counted per hour of created_at (deep pages of all values).
  `create trigger metric_value_hours_insert
  after insert on performance_metrics
  referencing new table as new_rows
  for each statement
  execute function metric_value_hours_count()`,
  `create trigger metric_value_hours_delete
  after delete on performance_metrics
  referencing old table as old_rows
  for each statement
  execute function metric_value_hours_count()`,
  `create trigger metric_value_hours_update
  after update on performance_metrics
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function metric_value_hours_count()`,

  // Triggers: Metric values counted per day of created_at (deep pages of all values).
  `create trigger metric_value_days_insert
  after insert on performance_metrics
  referencing new table as new_rows
  for each statement
  execute function metric_value_days_count()`,
  `create trigger metric_value_days_delete
  after delete on performance_metrics
  referencing old table as old_rows
  for each statement
  execute function metric_value_days_count()`,
  `create trigger metric_value_days_update
  after update on performance_metrics
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function metric_value_days_count()`,

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
