import { fn, trigger } from './declaration';

/**
 * The PostgreSQL half of list-totals.ts's declaration: statement triggers with transition tables,
 * a function per counted table adding each name's change to the writer's shard (ADR 30).
 */
export const listTotalsPostgresChange = [
  fn(
    'list_totals_audit',
    `
  CREATE OR REPLACE FUNCTION list_totals_audit()
     RETURNS trigger
     LANGUAGE plpgsql
    AS $function$
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
              insert into list_totals as t (name, shard, value)
              select u.name, pg_backend_pid() % 16, u.delta from unnest(names, deltas) as u(name, delta)
              order by u.name
              on conflict (name, shard) do update set value = t.value + excluded.value;
            end if;
            return null;
          end $function$`,
  ),
  fn(
    'list_totals_questions',
    `
  CREATE OR REPLACE FUNCTION list_totals_questions()
     RETURNS trigger
     LANGUAGE plpgsql
    AS $function$
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
              insert into list_totals as t (name, shard, value)
              select u.name, pg_backend_pid() % 16, u.delta from unnest(names, deltas) as u(name, delta)
              order by u.name
              on conflict (name, shard) do update set value = t.value + excluded.value;
            end if;
            return null;
          end $function$`,
  ),
  fn(
    'list_totals_users',
    `
  CREATE OR REPLACE FUNCTION list_totals_users()
     RETURNS trigger
     LANGUAGE plpgsql
    AS $function$
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
              insert into list_totals as t (name, shard, value)
              select u.name, pg_backend_pid() % 16, u.delta from unnest(names, deltas) as u(name, delta)
              order by u.name
              on conflict (name, shard) do update set value = t.value + excluded.value;
            end if;
            return null;
          end $function$`,
  ),
  fn(
    'list_totals_values',
    `
  CREATE OR REPLACE FUNCTION list_totals_values()
     RETURNS trigger
     LANGUAGE plpgsql
    AS $function$
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
              insert into list_totals as t (name, shard, value)
              select u.name, pg_backend_pid() % 16, u.delta from unnest(names, deltas) as u(name, delta)
              order by u.name
              on conflict (name, shard) do update set value = t.value + excluded.value;
            end if;
            return null;
          end $function$`,
  ),
  trigger(
    'audit_entries',
    'list_totals_audit_delete',
    `
  CREATE TRIGGER list_totals_audit_delete AFTER DELETE ON audit_entries
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_audit()`,
  ),
  trigger(
    'audit_entries',
    'list_totals_audit_insert',
    `
  CREATE TRIGGER list_totals_audit_insert AFTER INSERT ON audit_entries
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_audit()`,
  ),
  trigger(
    'audit_entries',
    'list_totals_audit_update',
    `
  CREATE TRIGGER list_totals_audit_update AFTER UPDATE ON audit_entries
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_audit()`,
  ),
  trigger(
    'performance_metrics',
    'list_totals_values_delete',
    `
  CREATE TRIGGER list_totals_values_delete AFTER DELETE ON performance_metrics
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_values()`,
  ),
  trigger(
    'performance_metrics',
    'list_totals_values_insert',
    `
  CREATE TRIGGER list_totals_values_insert AFTER INSERT ON performance_metrics
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_values()`,
  ),
  trigger(
    'performance_metrics',
    'list_totals_values_update',
    `
  CREATE TRIGGER list_totals_values_update AFTER UPDATE ON performance_metrics
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_values()`,
  ),
  trigger(
    'questions',
    'list_totals_questions_delete',
    `
  CREATE TRIGGER list_totals_questions_delete AFTER DELETE ON questions
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_questions()`,
  ),
  trigger(
    'questions',
    'list_totals_questions_insert',
    `
  CREATE TRIGGER list_totals_questions_insert AFTER INSERT ON questions
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_questions()`,
  ),
  trigger(
    'questions',
    'list_totals_questions_update',
    `
  CREATE TRIGGER list_totals_questions_update AFTER UPDATE ON questions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_questions()`,
  ),
  trigger(
    'users',
    'list_totals_users_delete',
    `
  CREATE TRIGGER list_totals_users_delete AFTER DELETE ON users
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_users()`,
  ),
  trigger(
    'users',
    'list_totals_users_insert',
    `
  CREATE TRIGGER list_totals_users_insert AFTER INSERT ON users
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_users()`,
  ),
  trigger(
    'users',
    'list_totals_users_update',
    `
  CREATE TRIGGER list_totals_users_update AFTER UPDATE ON users
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT
    EXECUTE FUNCTION list_totals_users()`,
  ),
];
