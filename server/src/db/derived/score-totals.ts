import { disagreements } from './compare';
import { declare, fn, trigger } from './declaration';

const stored = {
  key: 'cast(employee_id as text)',
  from: 'from employee_scores',
};
const recomputed = {
  key: 'cast(m.user_id as text)',
  from: `from performance_metrics as m join employees as e on e.id = m.user_id
    group by m.user_id, e.last_name, e.first_name`,
};
const figures = (count: string, sum: string, average: string, last: string, first: string) =>
  `${count} || ' values, ' || ${sum} || ' hundredths, average ' || ${average} || ', ' || ${last} || ', ' || ${first}`;

/** employee_scores: each employee's count, sum and average of their metric values. */
export const scoreTotals = declare({
  name: 'score-totals',
  purpose:
    'Rankings, average scores and top-10 status read one row per employee, never the values.',
  tables: { sqlite: ['employee_scores'], postgres: ['employee_scores'] },
  sources: ['performance_metrics', 'employees'],
  keptBy:
    'the application (modules/scores/scores.repository.ts applyScoreChange, add-score-totals.ts for imports); the copied names by the triggers below',
  change: {
    sqlite: [
      trigger(
        'employee_scores',
        'score_names_fill',
        `
      CREATE TRIGGER score_names_fill after insert on employee_scores begin
          update employee_scores set
            last_name = coalesce((select e.last_name from employees e where e.id = new.employee_id), ''),
            first_name = coalesce((select e.first_name from employees e where e.id = new.employee_id), '')
          where employee_id = new.employee_id;
        end`,
      ),
      trigger(
        'employees',
        'score_names_follow',
        `
      CREATE TRIGGER score_names_follow after update of last_name, first_name on employees
        when new.last_name is not old.last_name or new.first_name is not old.first_name
        begin
          update employee_scores set last_name = new.last_name, first_name = new.first_name
            where employee_id = new.id;
        end`,
      ),
    ],
    postgres: [
      fn(
        'score_names_fill',
        `
      CREATE OR REPLACE FUNCTION score_names_fill()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
              begin
                select e.last_name, e.first_name into new.last_name, new.first_name
                  from employees e where e.id = new.employee_id;
                -- No employee: the foreign key refuses the row, not the names' not null.
                new.last_name := coalesce(new.last_name, '');
                new.first_name := coalesce(new.first_name, '');
                return new;
              end $function$`,
      ),
      fn(
        'score_names_follow',
        `
      CREATE OR REPLACE FUNCTION score_names_follow()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
              begin
                update employee_scores set last_name = new.last_name, first_name = new.first_name
                  where employee_id = new.id;
                return null;
              end $function$`,
      ),
      trigger(
        'employee_scores',
        'score_names_fill',
        `
      CREATE TRIGGER score_names_fill BEFORE INSERT ON employee_scores
        FOR EACH ROW
        EXECUTE FUNCTION score_names_fill()`,
      ),
      trigger(
        'employees',
        'score_names_follow',
        `
      CREATE TRIGGER score_names_follow AFTER UPDATE OF last_name, first_name ON employees
        FOR EACH ROW
        WHEN (new.last_name IS DISTINCT FROM old.last_name OR new.first_name IS DISTINCT FROM old.first_name)
        EXECUTE FUNCTION score_names_follow()`,
      ),
    ],
  },
  rebuild: {
    sqlite: [
      'delete from employee_scores',
      `insert into employee_scores
        (employee_id, metric_count, value_sum_hundredths, average_score, updated_at)
      select user_id, count(*), sum(value_hundredths), sum(value_hundredths) * 1.0 / count(*) / 100,
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      from performance_metrics group by user_id`,
    ],
    postgres: [
      'delete from employee_scores',
      `insert into employee_scores
        (employee_id, metric_count, value_sum_hundredths, average_score, updated_at)
      select user_id, count(*), sum(value_hundredths), sum(value_hundredths) * 1.0 / count(*) / 100,
        now()
      from performance_metrics group by user_id`,
    ],
  },
  check: {
    sqlite: disagreements(
      'sqlite',
      'employee_scores',
      {
        ...stored,
        value: figures(
          'metric_count',
          'value_sum_hundredths',
          'round(average_score, 9)',
          'last_name',
          'first_name',
        ),
      },
      {
        ...recomputed,
        value: figures(
          'count(*)',
          'sum(m.value_hundredths)',
          'round(sum(m.value_hundredths) * 1.0 / count(*) / 100, 9)',
          'e.last_name',
          'e.first_name',
        ),
      },
    ),
    postgres: disagreements(
      'postgres',
      'employee_scores',
      {
        ...stored,
        value: figures(
          'metric_count',
          'value_sum_hundredths',
          'round(average_score::numeric, 9)',
          'last_name',
          'first_name',
        ),
      },
      {
        ...recomputed,
        value: figures(
          'count(*)',
          'sum(m.value_hundredths)',
          'round(sum(m.value_hundredths) * 1.0 / count(*) / 100, 9)',
          'e.last_name',
          'e.first_name',
        ),
      },
    ),
  },
});
