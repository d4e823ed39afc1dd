import type { Engine } from '../database';
import { disagreements } from './compare';
import { declare } from './declaration';

/**
 * The month a value counts in, in the server's time zone (PRODUCT.md section 3). SQLite runs in
 * the server's process, so its 'localtime' is that zone; PostgreSQL is told it.
 */
const monthOf = (engine: Engine, column: string) =>
  engine === 'sqlite'
    ? `strftime('%Y-%m', ${column}, 'localtime')`
    : `to_char(${column} at time zone :time_zone, 'YYYY-MM')`;

const rebuild = (engine: Engine) => [
  'delete from employee_monthly_scores',
  `insert into employee_monthly_scores (employee_id, month, metric_count, value_sum_hundredths)
  select user_id, ${monthOf(engine, 'created_at')}, count(*), sum(value_hundredths)
  from performance_metrics group by 1, 2`,
];

const check = (engine: Engine) =>
  disagreements(
    engine,
    'employee_monthly_scores',
    {
      key: `employee_id || ' ' || month`,
      value: `metric_count || ' values, ' || value_sum_hundredths || ' hundredths'`,
      from: 'from employee_monthly_scores',
    },
    {
      key: `user_id || ' ' || ${monthOf(engine, 'created_at')}`,
      value: `count(*) || ' values, ' || sum(value_hundredths) || ' hundredths'`,
      // By position: each mention of the bound time zone is a parameter of its own.
      from: 'from performance_metrics group by 1',
    },
  );

/** employee_monthly_scores: each employee's count and sum of values per month. */
export const monthlyScores = declare({
  name: 'monthly-scores',
  purpose:
    'Semester scores, "this month" and the employee dashboard read a row per employee and month.',
  tables: { sqlite: ['employee_monthly_scores'], postgres: ['employee_monthly_scores'] },
  sources: ['performance_metrics'],
  keptBy:
    'the application (modules/scores/scores.repository.ts applyScoreChange, add-score-totals.ts for imports)',
  change: { sqlite: [], postgres: [] },
  rebuild: { sqlite: rebuild('sqlite'), postgres: rebuild('postgres') },
  check: { sqlite: check('sqlite'), postgres: check('postgres') },
});
