import { declare, fn, trigger } from './declaration';

/**
 * PostgreSQL only (migrations 0004 and 0006): every statement writing a table that feeds the
 * kept totals takes one advisory lock first, so that writers update the totals' rows in one
 * order and never deadlock. It keeps no data; it is declared here because it goes with the
 * totals' triggers and every such table needs it.
 */
export const insightsLock = declare({
  name: 'insights-lock',
  purpose: 'Writers of the kept totals take one lock first, so they never deadlock.',
  tables: { sqlite: [], postgres: [] },
  sources: [
    'audit_entries',
    'bonuses',
    'employees',
    'metric_types',
    'performance_metrics',
    'questions',
    'users',
    'employee_scores',
    'employee_monthly_scores',
    'employee_metric_type_scores',
  ],
  keptBy: 'the triggers below (SQLite writers are serialised by the engine itself)',
  change: {
    sqlite: [],
    postgres: [
      fn(
        'insights_lock_first',
        `
      CREATE OR REPLACE FUNCTION insights_lock_first()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
               begin
                 perform pg_advisory_xact_lock(7341002);
                 return null;
               end $function$`,
      ),
      trigger(
        'audit_entries',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON audit_entries
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
      trigger(
        'bonuses',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON bonuses
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
      trigger(
        'employee_metric_type_scores',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON employee_metric_type_scores
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
      trigger(
        'employee_monthly_scores',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON employee_monthly_scores
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
      trigger(
        'employee_scores',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON employee_scores
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
      trigger(
        'employees',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON employees
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
      trigger(
        'metric_types',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON metric_types
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
      trigger(
        'performance_metrics',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON performance_metrics
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
      trigger(
        'questions',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON questions
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
      trigger(
        'users',
        'insights_lock_first',
        `
      CREATE TRIGGER insights_lock_first BEFORE INSERT OR DELETE OR UPDATE ON users
        FOR EACH STATEMENT
        EXECUTE FUNCTION insights_lock_first()`,
      ),
    ],
  },
  rebuild: { sqlite: [], postgres: [] },
  check: { sqlite: null, postgres: null },
  limits: 'A lock, not data: nothing to recompute or check.',
});

/** The advisory lock's key (modules/insights/insight-totals.repository.ts INSIGHTS_LOCK_KEY). */
export const INSIGHTS_LOCK_KEY = 7_341_002;
