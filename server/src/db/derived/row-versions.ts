import { declare, fn, trigger } from './declaration';

/**
 * The `row_version` column of the data tables (migration 0020): moves with every update of its
 * row, so a remembered list item is written again only when its row changed.
 */
export const rowVersions = declare({
  name: 'row-versions',
  purpose: 'A remembered list item is reused while its row_version is the one it was made from.',
  tables: { sqlite: [], postgres: [] },
  sources: ['bonuses', 'employees', 'metric_types', 'performance_metrics', 'questions', 'users'],
  keptBy: 'the triggers below (a column of each source, no table of its own)',
  change: {
    sqlite: [
      trigger(
        'bonuses',
        'bonuses_row_version',
        `
      CREATE TRIGGER bonuses_row_version after update on "bonuses"
        when new.row_version = old.row_version
        begin
          update "bonuses" set row_version = old.row_version + 1 where id = new.id;
        end`,
      ),
      trigger(
        'employees',
        'employees_row_version',
        `
      CREATE TRIGGER employees_row_version after update on "employees"
        when new.row_version = old.row_version
        begin
          update "employees" set row_version = old.row_version + 1 where id = new.id;
        end`,
      ),
      trigger(
        'metric_types',
        'metric_types_row_version',
        `
      CREATE TRIGGER metric_types_row_version after update on "metric_types"
        when new.row_version = old.row_version
        begin
          update "metric_types" set row_version = old.row_version + 1 where id = new.id;
        end`,
      ),
      trigger(
        'performance_metrics',
        'performance_metrics_row_version',
        `
      CREATE TRIGGER performance_metrics_row_version after update on "performance_metrics"
        when new.row_version = old.row_version
        begin
          update "performance_metrics" set row_version = old.row_version + 1 where id = new.id;
        end`,
      ),
      trigger(
        'questions',
        'questions_row_version',
        `
      CREATE TRIGGER questions_row_version after update on "questions"
        when new.row_version = old.row_version
        begin
          update "questions" set row_version = old.row_version + 1 where id = new.id;
        end`,
      ),
      trigger(
        'users',
        'users_row_version',
        `
      CREATE TRIGGER users_row_version after update on "users"
        when new.row_version = old.row_version
        begin
          update "users" set row_version = old.row_version + 1 where id = new.id;
        end`,
      ),
    ],
    postgres: [
      fn(
        'row_version_bump',
        `
      CREATE OR REPLACE FUNCTION row_version_bump()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
              begin
                new.row_version := old.row_version + 1;
                return new;
              end $function$`,
      ),
      trigger(
        'bonuses',
        'bonuses_row_version',
        `
      CREATE TRIGGER bonuses_row_version BEFORE UPDATE ON bonuses
        FOR EACH ROW
        EXECUTE FUNCTION row_version_bump()`,
      ),
      trigger(
        'employees',
        'employees_row_version',
        `
      CREATE TRIGGER employees_row_version BEFORE UPDATE ON employees
        FOR EACH ROW
        EXECUTE FUNCTION row_version_bump()`,
      ),
      trigger(
        'metric_types',
        'metric_types_row_version',
        `
      CREATE TRIGGER metric_types_row_version BEFORE UPDATE ON metric_types
        FOR EACH ROW
        EXECUTE FUNCTION row_version_bump()`,
      ),
      trigger(
        'performance_metrics',
        'performance_metrics_row_version',
        `
      CREATE TRIGGER performance_metrics_row_version BEFORE UPDATE ON performance_metrics
        FOR EACH ROW
        EXECUTE FUNCTION row_version_bump()`,
      ),
      trigger(
        'questions',
        'questions_row_version',
        `
      CREATE TRIGGER questions_row_version BEFORE UPDATE ON questions
        FOR EACH ROW
        EXECUTE FUNCTION row_version_bump()`,
      ),
      trigger(
        'users',
        'users_row_version',
        `
      CREATE TRIGGER users_row_version BEFORE UPDATE ON users
        FOR EACH ROW
        EXECUTE FUNCTION row_version_bump()`,
      ),
    ],
  },
  rebuild: { sqlite: [], postgres: [] },
  check: { sqlite: null, postgres: null },
  limits: 'Counters in the rows themselves: nothing to recompute or check.',
});
