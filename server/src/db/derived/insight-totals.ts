import type { Engine } from '../database';
import { anyOf, disagreements } from './compare';
import { declare } from './declaration';
import { insightTotalsPostgresChange } from './insight-totals.postgres';
import { insightTotalsSqliteChange } from './insight-totals.sqlite';

const dayOf = (engine: Engine, column: string) =>
  engine === 'sqlite'
    ? `strftime('%Y-%m-%d', ${column})`
    : `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The whole-number score a histogram bar counts (the engines' own triggers' expressions). */
const bucketOf = (engine: Engine) =>
  engine === 'sqlite' ? 'cast(average_score as integer)' : 'cast(floor(average_score) as integer)';

const counts = `(select 'employees' as name, count(*) as n from employees
    union all select 'metric_values', count(*) from performance_metrics
    union all select 'bonuses', count(*) from bonuses)`;

const departments = `from employees as e
    left join employee_scores as s on s.employee_id = e.id and s.metric_count > 0
    group by e.department`;

const rebuild = (engine: Engine) => [
  "delete from insight_totals where name <> 'ranking_version'",
  `insert into insight_totals (name, value) select name, n from ${counts} as t`,
  engine === 'postgres'
    ? `insert into insight_totals (name, shard, value) values ('ranking_version', 0, 1)
  on conflict (name, shard) do update set value = insight_totals.value + 1`
    : `insert into insight_totals (name, value) values ('ranking_version', 1)
  on conflict (name) do update set value = insight_totals.value + 1`,
  'delete from monthly_metric_totals',
  `insert into monthly_metric_totals (month, metric_count)
  select month, sum(metric_count) from employee_monthly_scores group by month`,
  'delete from daily_bonus_totals',
  `insert into daily_bonus_totals (day, bonus_count)
  select ${dayOf(engine, 'created_at')}, count(*) from bonuses group by ${dayOf(engine, 'created_at')}`,
  'delete from department_totals',
  `insert into department_totals
    (department, staff_count, scored_staff_count, metric_count, value_sum_hundredths)
  select e.department, count(*), count(s.employee_id), coalesce(sum(s.metric_count), 0),
    coalesce(sum(s.value_sum_hundredths), 0)
  ${departments}`,
  'delete from score_histogram',
  `insert into score_histogram (bucket, staff_count)
  select ${bucketOf(engine)}, count(*) from employee_scores where metric_count > 0
  group by ${bucketOf(engine)}`,
];

/** Rows whose count went back to 0 stay in the tables and mean the same as no row. */
const check = (engine: Engine) =>
  anyOf(
    disagreements(
      engine,
      'insight_totals',
      {
        key: 'name',
        value: 'cast(sum(value) as text)',
        from: "from insight_totals where name <> 'ranking_version' group by name having sum(value) <> 0",
      },
      { key: 'name', value: 'cast(n as text)', from: `from ${counts} as t where n <> 0` },
    ),
    disagreements(
      engine,
      'monthly_metric_totals',
      {
        key: 'month',
        value: 'cast(sum(metric_count) as text)',
        from: 'from monthly_metric_totals group by month having sum(metric_count) <> 0',
      },
      {
        key: 'month',
        value: 'cast(sum(metric_count) as text)',
        from: 'from employee_monthly_scores group by month having sum(metric_count) <> 0',
      },
    ),
    disagreements(
      engine,
      'daily_bonus_totals',
      {
        key: 'day',
        value: 'cast(bonus_count as text)',
        from: 'from daily_bonus_totals where bonus_count <> 0',
      },
      {
        key: dayOf(engine, 'created_at'),
        value: 'cast(count(*) as text)',
        from: `from bonuses group by ${dayOf(engine, 'created_at')}`,
      },
    ),
    disagreements(
      engine,
      'department_totals',
      {
        key: 'department',
        value: `sum(staff_count) || ' staff, ' || sum(scored_staff_count) || ' scored, '
          || sum(metric_count) || ' values, ' || sum(value_sum_hundredths) || ' hundredths'`,
        from: 'from department_totals group by department having sum(staff_count) <> 0',
      },
      {
        key: 'e.department',
        value: `count(*) || ' staff, ' || count(s.employee_id) || ' scored, '
          || coalesce(sum(s.metric_count), 0) || ' values, '
          || coalesce(sum(s.value_sum_hundredths), 0) || ' hundredths'`,
        from: departments,
      },
    ),
    disagreements(
      engine,
      'score_histogram',
      {
        key: 'cast(bucket as text)',
        value: 'cast(sum(staff_count) as text)',
        from: 'from score_histogram group by bucket having sum(staff_count) <> 0',
      },
      {
        key: `cast(${bucketOf(engine)} as text)`,
        value: 'cast(count(*) as text)',
        from: `from employee_scores where metric_count > 0 group by ${bucketOf(engine)}`,
      },
    ),
  );

/**
 * HR's organisation-wide figures (migration 0004): staff, values and bonuses counted, values per
 * month, bonuses per UTC day, per-department staff and scores, and the score histogram. The
 * ranking version in insight_totals moves with every change a ranking shows (remembered rankings
 * are checked against it). On PostgreSQL every figure but the bonuses per day is kept in up to
 * 16 shard rows per key (migration 0002): each statement adds to its backend's shard, readers
 * sum the shards (ADR 30), and the rebuild writes shard 0 alone.
 */
export const insightTotals = declare({
  name: 'insight-totals',
  purpose:
    "HR's dashboard figures and charts read a handful of rows instead of counting every table.",
  tables: {
    sqlite: [
      'insight_totals',
      'monthly_metric_totals',
      'daily_bonus_totals',
      'department_totals',
      'score_histogram',
    ],
    postgres: [
      'insight_totals',
      'monthly_metric_totals',
      'daily_bonus_totals',
      'department_totals',
      'score_histogram',
    ],
  },
  sources: [
    'employees',
    'performance_metrics',
    'bonuses',
    'employee_scores',
    'employee_monthly_scores',
  ],
  keptBy: 'the triggers of insight-totals.sqlite.ts and insight-totals.postgres.ts',
  change: {
    sqlite: insightTotalsSqliteChange,
    postgres: insightTotalsPostgresChange,
  },
  rebuild: { sqlite: rebuild('sqlite'), postgres: rebuild('postgres') },
  check: { sqlite: check('sqlite'), postgres: check('postgres') },
  limits: 'ranking_version is a counter: the rebuild moves it, the check cannot recompute it.',
});
