/**
 * The metric values' hours and days (metric_value_hours, metric_value_days; the old chain's 0033
 * and 0034) as the registry declared them until 0004_drop_value_buckets dropped them: the
 * baseline still creates them and 0002_sharded_totals still replaces their PostgreSQL functions,
 * and 0004's down creates and fills them again, from these texts.
 */

/** The two tables, by engine, as 0001_baseline created them. */
export const valueBucketTables = {
  postgres: [
    `create table metric_value_hours (
  hour timestamp with time zone not null,
  value_count bigint not null,
  constraint metric_value_hours_pkey primary key (hour)
)`,
    `create table metric_value_days (
  day timestamp with time zone not null,
  value_count bigint not null,
  constraint metric_value_days_pkey primary key (day)
)`,
  ],
  sqlite: [
    `create table metric_value_hours (
  hour text primary key,
  value_count integer not null
) without rowid`,
    `create table metric_value_days (
  day text primary key,
  value_count integer not null
) without rowid`,
  ],
} as const;

/**
 * PostgreSQL: the trigger functions as 0002_sharded_totals left them (0001_baseline created them
 * with the totals' lock: baseline-replaced.postgres.ts).
 */
export const valueBucketFunctions: Readonly<Record<string, string>> = {
  metric_value_days_count:
    "CREATE OR REPLACE FUNCTION metric_value_days_count()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n       begin\n         if tg_op = 'INSERT' then\n      insert into metric_value_days as h (day, value_count)\n      select day, sum(sign) from (select date_trunc('day', created_at, 'UTC') as day, 1 as sign from new_rows) c group by day having sum(sign) <> 0\n      on conflict (day) do update set value_count = h.value_count + excluded.value_count;\n         elsif tg_op = 'DELETE' then\n      insert into metric_value_days as h (day, value_count)\n      select day, sum(sign) from (select date_trunc('day', created_at, 'UTC') as day, -1 as sign from old_rows) c group by day having sum(sign) <> 0\n      on conflict (day) do update set value_count = h.value_count + excluded.value_count; delete from metric_value_days where value_count = 0\n      and day in (select date_trunc('day', created_at, 'UTC') from old_rows);\n         else\n      insert into metric_value_days as h (day, value_count)\n      select day, sum(sign) from (select date_trunc('day', created_at, 'UTC') as day, 1 as sign from new_rows union all select date_trunc('day', created_at, 'UTC') as day, -1 as sign from old_rows) c group by day having sum(sign) <> 0\n      on conflict (day) do update set value_count = h.value_count + excluded.value_count; delete from metric_value_days where value_count = 0\n      and day in (select date_trunc('day', created_at, 'UTC') from old_rows);\n         end if;\n         return null;\n       end $function$",
  metric_value_hours_count:
    "CREATE OR REPLACE FUNCTION metric_value_hours_count()\n   RETURNS trigger\n   LANGUAGE plpgsql\n  AS $function$\n       begin\n         if tg_op = 'INSERT' then\n      insert into metric_value_hours as h (hour, value_count)\n      select hour, sum(sign) from (select date_trunc('hour', created_at, 'UTC') as hour, 1 as sign from new_rows) c group by hour having sum(sign) <> 0\n      on conflict (hour) do update set value_count = h.value_count + excluded.value_count;\n         elsif tg_op = 'DELETE' then\n      insert into metric_value_hours as h (hour, value_count)\n      select hour, sum(sign) from (select date_trunc('hour', created_at, 'UTC') as hour, -1 as sign from old_rows) c group by hour having sum(sign) <> 0\n      on conflict (hour) do update set value_count = h.value_count + excluded.value_count; delete from metric_value_hours where value_count = 0\n      and hour in (select date_trunc('hour', created_at, 'UTC') from old_rows);\n         else\n      insert into metric_value_hours as h (hour, value_count)\n      select hour, sum(sign) from (select date_trunc('hour', created_at, 'UTC') as hour, 1 as sign from new_rows union all select date_trunc('hour', created_at, 'UTC') as hour, -1 as sign from old_rows) c group by hour having sum(sign) <> 0\n      on conflict (hour) do update set value_count = h.value_count + excluded.value_count; delete from metric_value_hours where value_count = 0\n      and hour in (select date_trunc('hour', created_at, 'UTC') from old_rows);\n         end if;\n         return null;\n       end $function$",
};

/**
 * The triggers by engine, by `table.name`, in the order 0001_baseline created them (SQLite fires a
 * table's triggers newest first).
 */
export const valueBucketTriggers: Readonly<
  Record<'postgres' | 'sqlite', Readonly<Record<string, string>>>
> = {
  postgres: {
    'performance_metrics.metric_value_hours_insert':
      'CREATE TRIGGER metric_value_hours_insert AFTER INSERT ON performance_metrics\n  REFERENCING NEW TABLE AS new_rows\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION metric_value_hours_count()',
    'performance_metrics.metric_value_hours_delete':
      'CREATE TRIGGER metric_value_hours_delete AFTER DELETE ON performance_metrics\n  REFERENCING OLD TABLE AS old_rows\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION metric_value_hours_count()',
    'performance_metrics.metric_value_hours_update':
      'CREATE TRIGGER metric_value_hours_update AFTER UPDATE ON performance_metrics\n  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION metric_value_hours_count()',
    'performance_metrics.metric_value_days_insert':
      'CREATE TRIGGER metric_value_days_insert AFTER INSERT ON performance_metrics\n  REFERENCING NEW TABLE AS new_rows\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION metric_value_days_count()',
    'performance_metrics.metric_value_days_delete':
      'CREATE TRIGGER metric_value_days_delete AFTER DELETE ON performance_metrics\n  REFERENCING OLD TABLE AS old_rows\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION metric_value_days_count()',
    'performance_metrics.metric_value_days_update':
      'CREATE TRIGGER metric_value_days_update AFTER UPDATE ON performance_metrics\n  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows\n  FOR EACH STATEMENT\n  EXECUTE FUNCTION metric_value_days_count()',
  },
  sqlite: {
    'performance_metrics.metric_value_hours_insert':
      'CREATE TRIGGER metric_value_hours_insert after insert on performance_metrics begin\n     insert into metric_value_hours (hour, value_count) values (substr(new.created_at, 1, 13), 1)\n  on conflict (hour) do update set value_count = value_count + 1;\n   end',
    'performance_metrics.metric_value_hours_delete':
      'CREATE TRIGGER metric_value_hours_delete after delete on performance_metrics begin\n     update metric_value_hours set value_count = value_count - 1\n    where hour = substr(old.created_at, 1, 13);\n  delete from metric_value_hours where hour = substr(old.created_at, 1, 13) and value_count = 0;\n   end',
    'performance_metrics.metric_value_hours_moved':
      'CREATE TRIGGER metric_value_hours_moved after update of created_at on performance_metrics\n   when substr(new.created_at, 1, 13) is not substr(old.created_at, 1, 13) begin\n     update metric_value_hours set value_count = value_count - 1\n    where hour = substr(old.created_at, 1, 13);\n  delete from metric_value_hours where hour = substr(old.created_at, 1, 13) and value_count = 0;\n     insert into metric_value_hours (hour, value_count) values (substr(new.created_at, 1, 13), 1)\n  on conflict (hour) do update set value_count = value_count + 1;\n   end',
    'performance_metrics.metric_value_days_insert':
      'CREATE TRIGGER metric_value_days_insert after insert on performance_metrics begin\n     insert into metric_value_days (day, value_count) values (substr(new.created_at, 1, 10), 1)\n  on conflict (day) do update set value_count = value_count + 1;\n   end',
    'performance_metrics.metric_value_days_delete':
      'CREATE TRIGGER metric_value_days_delete after delete on performance_metrics begin\n     update metric_value_days set value_count = value_count - 1\n    where day = substr(old.created_at, 1, 10);\n  delete from metric_value_days where day = substr(old.created_at, 1, 10) and value_count = 0;\n   end',
    'performance_metrics.metric_value_days_moved':
      'CREATE TRIGGER metric_value_days_moved after update of created_at on performance_metrics\n   when substr(new.created_at, 1, 10) is not substr(old.created_at, 1, 10) begin\n     update metric_value_days set value_count = value_count - 1\n    where day = substr(old.created_at, 1, 10);\n  delete from metric_value_days where day = substr(old.created_at, 1, 10) and value_count = 0;\n     insert into metric_value_days (day, value_count) values (substr(new.created_at, 1, 10), 1)\n  on conflict (day) do update set value_count = value_count + 1;\n   end',
  },
};

/** By engine: the statements that count every value into its hour and day again. */
export const valueBucketRebuild = {
  postgres: [
    'delete from metric_value_hours',
    "insert into metric_value_hours (hour, value_count)\n    select date_trunc('hour', created_at, 'UTC'), count(*) from performance_metrics\n    group by date_trunc('hour', created_at, 'UTC')",
    'delete from metric_value_days',
    "insert into metric_value_days (day, value_count)\n    select date_trunc('day', created_at, 'UTC'), count(*) from performance_metrics\n    group by date_trunc('day', created_at, 'UTC')",
  ],
  sqlite: [
    'delete from metric_value_hours',
    'insert into metric_value_hours (hour, value_count)\n    select substr(created_at, 1, 13), count(*) from performance_metrics\n    group by substr(created_at, 1, 13)',
    'delete from metric_value_days',
    'insert into metric_value_days (day, value_count)\n    select substr(created_at, 1, 10), count(*) from performance_metrics\n    group by substr(created_at, 1, 10)',
  ],
} as const;
