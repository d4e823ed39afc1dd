import type { Engine } from '../database';
import { disagreements } from './compare';
import { declare } from './declaration';

const check = (engine: Engine) =>
  disagreements(
    engine,
    'employee_metric_type_scores',
    {
      key: `employee_id || ' ' || metric_type_id`,
      value: `metric_count || ' values, ' || value_sum_hundredths || ' hundredths'`,
      from: 'from employee_metric_type_scores',
    },
    {
      key: `user_id || ' ' || metric_type_id`,
      value: `count(*) || ' values, ' || sum(value_hundredths) || ' hundredths'`,
      from: 'from performance_metrics group by user_id, metric_type_id',
    },
  );

const rebuild = [
  'delete from employee_metric_type_scores',
  `insert into employee_metric_type_scores
    (employee_id, metric_type_id, metric_count, value_sum_hundredths)
  select user_id, metric_type_id, count(*), sum(value_hundredths)
  from performance_metrics group by user_id, metric_type_id`,
];

/** employee_metric_type_scores: each employee's count and sum of values per metric type. */
export const metricTypeScores = declare({
  name: 'metric-type-scores',
  purpose: "The metric values list's total for one employee and type is read from it, not counted.",
  tables: { sqlite: ['employee_metric_type_scores'], postgres: ['employee_metric_type_scores'] },
  sources: ['performance_metrics'],
  keptBy:
    'the application (modules/scores/type-scores.repository.ts, add-score-totals.ts for imports)',
  change: { sqlite: [], postgres: [] },
  rebuild: { sqlite: rebuild, postgres: rebuild },
  check: { sqlite: check('sqlite'), postgres: check('postgres') },
});
