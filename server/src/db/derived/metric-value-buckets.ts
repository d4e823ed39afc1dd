import type { Engine } from '../database';
import { anyOf, disagreements } from './compare';
import { declare, fn, trigger } from './declaration';

const BUCKETS = [
  { table: 'metric_value_hours', column: 'hour', unit: 'hour', prefix: 13 },
  { table: 'metric_value_days', column: 'day', unit: 'day', prefix: 10 },
] as const;

type Bucket = (typeof BUCKETS)[number];

/** The UTC hour or day a value was recorded in, as the triggers compute it. */
const bucketOf = (engine: Engine, bucket: Bucket) =>
  engine === 'sqlite'
    ? `substr(created_at, 1, ${bucket.prefix})`
    : `date_trunc('${bucket.unit}', created_at, 'UTC')`;

const rebuild = (engine: Engine) =>
  BUCKETS.flatMap((bucket) => [
    `delete from ${bucket.table}`,
    `insert into ${bucket.table} (${bucket.column}, value_count)
    select ${bucketOf(engine, bucket)}, count(*) from performance_metrics
    group by ${bucketOf(engine, bucket)}`,
  ]);

const check = (engine: Engine) =>
  anyOf(
    ...BUCKETS.map((bucket) =>
      disagreements(
        engine,
        bucket.table,
        {
          key: `cast(${bucket.column} as text)`,
          value: 'cast(value_count as text)',
          from: `from ${bucket.table}`,
        },
        {
          key: `cast(${bucketOf(engine, bucket)} as text)`,
          value: 'cast(count(*) as text)',
          from: `from performance_metrics group by ${bucketOf(engine, bucket)}`,
        },
      ),
    ),
  );

/**
 * metric_value_hours and metric_value_days (migrations 0033 and 0034, created-at-counts.ts): the
 * metric values counted per UTC hour and day of created_at.
 */
export const metricValueBuckets = declare({
  name: 'metric-value-buckets',
  purpose:
    'A deep page of all metric values, newest first, starts from the day and hour it falls in.',
  tables: {
    sqlite: ['metric_value_hours', 'metric_value_days'],
    postgres: ['metric_value_hours', 'metric_value_days'],
  },
  sources: ['performance_metrics'],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'performance_metrics',
        'metric_value_days_delete',
        `
      CREATE TRIGGER metric_value_days_delete after delete on performance_metrics begin
           update metric_value_days set value_count = value_count - 1
          where day = substr(old.created_at, 1, 10);
        delete from metric_value_days where day = substr(old.created_at, 1, 10) and value_count = 0;
         end`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_days_insert',
        `
      CREATE TRIGGER metric_value_days_insert after insert on performance_metrics begin
           insert into metric_value_days (day, value_count) values (substr(new.created_at, 1, 10), 1)
        on conflict (day) do update set value_count = value_count + 1;
         end`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_days_moved',
        `
      CREATE TRIGGER metric_value_days_moved after update of created_at on performance_metrics
         when substr(new.created_at, 1, 10) is not substr(old.created_at, 1, 10) begin
           update metric_value_days set value_count = value_count - 1
          where day = substr(old.created_at, 1, 10);
        delete from metric_value_days where day = substr(old.created_at, 1, 10) and value_count = 0;
           insert into metric_value_days (day, value_count) values (substr(new.created_at, 1, 10), 1)
        on conflict (day) do update set value_count = value_count + 1;
         end`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_hours_delete',
        `
      CREATE TRIGGER metric_value_hours_delete after delete on performance_metrics begin
           update metric_value_hours set value_count = value_count - 1
          where hour = substr(old.created_at, 1, 13);
        delete from metric_value_hours where hour = substr(old.created_at, 1, 13) and value_count = 0;
         end`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_hours_insert',
        `
      CREATE TRIGGER metric_value_hours_insert after insert on performance_metrics begin
           insert into metric_value_hours (hour, value_count) values (substr(new.created_at, 1, 13), 1)
        on conflict (hour) do update set value_count = value_count + 1;
         end`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_hours_moved',
        `
      CREATE TRIGGER metric_value_hours_moved after update of created_at on performance_metrics
         when substr(new.created_at, 1, 13) is not substr(old.created_at, 1, 13) begin
           update metric_value_hours set value_count = value_count - 1
          where hour = substr(old.created_at, 1, 13);
        delete from metric_value_hours where hour = substr(old.created_at, 1, 13) and value_count = 0;
           insert into metric_value_hours (hour, value_count) values (substr(new.created_at, 1, 13), 1)
        on conflict (hour) do update set value_count = value_count + 1;
         end`,
      ),
    ],
    postgres: [
      fn(
        'metric_value_days_count',
        `
      CREATE OR REPLACE FUNCTION metric_value_days_count()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
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
             end $function$`,
      ),
      fn(
        'metric_value_hours_count',
        `
      CREATE OR REPLACE FUNCTION metric_value_hours_count()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
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
             end $function$`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_days_delete',
        `
      CREATE TRIGGER metric_value_days_delete AFTER DELETE ON performance_metrics
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION metric_value_days_count()`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_days_insert',
        `
      CREATE TRIGGER metric_value_days_insert AFTER INSERT ON performance_metrics
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION metric_value_days_count()`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_days_update',
        `
      CREATE TRIGGER metric_value_days_update AFTER UPDATE ON performance_metrics
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION metric_value_days_count()`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_hours_delete',
        `
      CREATE TRIGGER metric_value_hours_delete AFTER DELETE ON performance_metrics
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION metric_value_hours_count()`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_hours_insert',
        `
      CREATE TRIGGER metric_value_hours_insert AFTER INSERT ON performance_metrics
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION metric_value_hours_count()`,
      ),
      trigger(
        'performance_metrics',
        'metric_value_hours_update',
        `
      CREATE TRIGGER metric_value_hours_update AFTER UPDATE ON performance_metrics
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION metric_value_hours_count()`,
      ),
    ],
  },
  rebuild: { sqlite: rebuild('sqlite'), postgres: rebuild('postgres') },
  check: { sqlite: check('sqlite'), postgres: check('postgres') },
});
