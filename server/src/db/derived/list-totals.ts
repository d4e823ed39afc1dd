import type { Engine } from '../database';
import { disagreements } from './compare';
import { declare, fn, trigger } from './declaration';

const counted = `(select 'audit_entries' as name, count(*) as value from audit_entries
    union all select 'users', count(*) from users
    union all select 'users:' || user_type, count(*) from users group by user_type
    union all select 'questions', count(*) from questions
    union all select 'questions:answered', count(*) from questions where responded_at is not null
    union all select 'metric_values:type:' || metric_type_id, count(*) from performance_metrics
      group by metric_type_id)`;

/** The rebuild writes each total as one row (shard 0 on PostgreSQL, the column's default). */
const rebuild = [
  "delete from list_totals where name <> 'data_version'",
  `insert into list_totals (name, value) select name, value from ${counted} as t where value <> 0`,
];

/**
 * A total back at 0 stays as a row and means the same as none. On PostgreSQL a total is the sum
 * of its shards' rows (a row per backend's shard that wrote it, migration 0002).
 */
const check = (engine: Engine) =>
  disagreements(
    engine,
    'list_totals',
    {
      key: 'name',
      value: 'cast(sum(value) as text)',
      from: "from list_totals where name <> 'data_version' group by name having sum(value) <> 0",
    },
    { key: 'name', value: 'cast(value as text)', from: `from ${counted} as t where value <> 0` },
  );

/**
 * The totals list pages show (migration 0007): audit entries, accounts and accounts per role,
 * questions and answered questions, metric values per type. Its `data_version` row is the
 * data-version declaration's. On PostgreSQL each total is kept in up to 16 shard rows (0002): a
 * statement adds to its backend's shard (`pg_backend_pid() % 16`), so concurrent writers of one
 * total seldom wait for each other's row, and a reader sums the shards (ADR 30).
 */
export const listTotals = declare({
  name: 'list-totals',
  purpose: 'A list page shows its total without counting its whole table.',
  tables: { sqlite: ['list_totals'], postgres: ['list_totals'] },
  sources: ['audit_entries', 'users', 'questions', 'performance_metrics'],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'audit_entries',
        'list_totals_audit_delete',
        `
      CREATE TRIGGER list_totals_audit_delete after delete on audit_entries begin
          insert into list_totals (name, value) values ('audit_entries', -1)
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'audit_entries',
        'list_totals_audit_insert',
        `
      CREATE TRIGGER list_totals_audit_insert after insert on audit_entries begin
          insert into list_totals (name, value) values ('audit_entries', 1)
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'performance_metrics',
        'list_totals_values_delete',
        `
      CREATE TRIGGER list_totals_values_delete after delete on performance_metrics begin
          insert into list_totals (name, value) values ('metric_values:type:' || old.metric_type_id, -1)
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'performance_metrics',
        'list_totals_values_insert',
        `
      CREATE TRIGGER list_totals_values_insert after insert on performance_metrics begin
          insert into list_totals (name, value) values ('metric_values:type:' || new.metric_type_id, 1)
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'performance_metrics',
        'list_totals_values_type',
        `
      CREATE TRIGGER list_totals_values_type after update of metric_type_id on performance_metrics
        when new.metric_type_id is not old.metric_type_id begin
          insert into list_totals (name, value) values ('metric_values:type:' || old.metric_type_id, -1)
        on conflict (name) do update set value = value + excluded.value;
          insert into list_totals (name, value) values ('metric_values:type:' || new.metric_type_id, 1)
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'questions',
        'list_totals_questions_answered',
        `
      CREATE TRIGGER list_totals_questions_answered after update of responded_at on questions
        when (new.responded_at is null) is not (old.responded_at is null) begin
          insert into list_totals (name, value) values ('questions:answered', (new.responded_at is not null) - (old.responded_at is not null))
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'questions',
        'list_totals_questions_delete',
        `
      CREATE TRIGGER list_totals_questions_delete after delete on questions begin
          insert into list_totals (name, value) values ('questions', -1)
        on conflict (name) do update set value = value + excluded.value;
          insert into list_totals (name, value) values ('questions:answered', -(old.responded_at is not null))
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'questions',
        'list_totals_questions_insert',
        `
      CREATE TRIGGER list_totals_questions_insert after insert on questions begin
          insert into list_totals (name, value) values ('questions', 1)
        on conflict (name) do update set value = value + excluded.value;
          insert into list_totals (name, value) values ('questions:answered', (new.responded_at is not null))
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'users',
        'list_totals_users_delete',
        `
      CREATE TRIGGER list_totals_users_delete after delete on users begin
          insert into list_totals (name, value) values ('users', -1)
        on conflict (name) do update set value = value + excluded.value;
          insert into list_totals (name, value) values ('users:' || old.user_type, -1)
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'users',
        'list_totals_users_insert',
        `
      CREATE TRIGGER list_totals_users_insert after insert on users begin
          insert into list_totals (name, value) values ('users', 1)
        on conflict (name) do update set value = value + excluded.value;
          insert into list_totals (name, value) values ('users:' || new.user_type, 1)
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
      trigger(
        'users',
        'list_totals_users_role',
        `
      CREATE TRIGGER list_totals_users_role after update of user_type on users
        when new.user_type is not old.user_type begin
          insert into list_totals (name, value) values ('users:' || old.user_type, -1)
        on conflict (name) do update set value = value + excluded.value;
          insert into list_totals (name, value) values ('users:' || new.user_type, 1)
        on conflict (name) do update set value = value + excluded.value;
        end`,
      ),
    ],
    postgres: [
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
    ],
  },
  rebuild: { sqlite: rebuild, postgres: rebuild },
  check: { sqlite: check('sqlite'), postgres: check('postgres') },
});
