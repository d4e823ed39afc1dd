import { declare, fn, trigger } from './declaration';

const missing = `select 'list_totals' as derived_table, 'data_version' as row_key,
  cast(null as text) as stored, 'a row' as recomputed
where not exists (select 1 from list_totals where name = 'data_version')`;

const bump = [
  `insert into list_totals (name, value) values ('data_version', 1)
  on conflict (name) do update set value = list_totals.value + 1`,
];

/** PostgreSQL's list_totals is keyed by name and shard (0002); the version keeps shard 0. */
const postgresBump = [
  `insert into list_totals (name, shard, value) values ('data_version', 0, 1)
  on conflict (name, shard) do update set value = list_totals.value + 1`,
];

/**
 * On PostgreSQL the version moves at commit (migration 0003): deferred row triggers, the first of
 * a transaction moving it once. Moved by a statement trigger, it was locked at a different point
 * of different writes (after an employee's dashboard version in a bonus, before their monthly
 * score row in a value), and two writers taking the same two rows in opposite orders deadlocked.
 * Moved last, it is held only while its writer commits. The tables in their order of names.
 */
const POSTGRES_SOURCES = [
  'audit_entries',
  'bonuses',
  'employee_metric_type_scores',
  'employee_monthly_scores',
  'employee_scores',
  'employees',
  'metric_types',
  'performance_metrics',
  'questions',
  'users',
] as const;

/**
 * list_totals' `data_version` row (migration 0007): moves with every write to a table the API
 * reads, so that a remembered answer (the response cache, remembered counts) is never sent
 * after the data it shows changed.
 */
export const dataVersion = declare({
  name: 'data-version',
  purpose: 'Remembered answers are checked against it and dropped when any data changed.',
  tables: { sqlite: ['list_totals'], postgres: ['list_totals'] },
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
  keptBy: 'the triggers below, on every table the API reads',
  change: {
    sqlite: [
      trigger(
        'audit_entries',
        'data_version_audit_entries_delete',
        `
      CREATE TRIGGER data_version_audit_entries_delete after delete on audit_entries begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'audit_entries',
        'data_version_audit_entries_insert',
        `
      CREATE TRIGGER data_version_audit_entries_insert after insert on audit_entries begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'audit_entries',
        'data_version_audit_entries_update',
        `
      CREATE TRIGGER data_version_audit_entries_update after update on audit_entries begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'bonuses',
        'data_version_bonuses_delete',
        `
      CREATE TRIGGER data_version_bonuses_delete after delete on bonuses begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'bonuses',
        'data_version_bonuses_insert',
        `
      CREATE TRIGGER data_version_bonuses_insert after insert on bonuses begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'bonuses',
        'data_version_bonuses_update',
        `
      CREATE TRIGGER data_version_bonuses_update after update on bonuses begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employee_metric_type_scores',
        'data_version_employee_metric_type_scores_delete',
        `
      CREATE TRIGGER data_version_employee_metric_type_scores_delete after delete on employee_metric_type_scores begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employee_metric_type_scores',
        'data_version_employee_metric_type_scores_insert',
        `
      CREATE TRIGGER data_version_employee_metric_type_scores_insert after insert on employee_metric_type_scores begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employee_metric_type_scores',
        'data_version_employee_metric_type_scores_update',
        `
      CREATE TRIGGER data_version_employee_metric_type_scores_update after update on employee_metric_type_scores begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employee_monthly_scores',
        'data_version_employee_monthly_scores_delete',
        `
      CREATE TRIGGER data_version_employee_monthly_scores_delete after delete on employee_monthly_scores begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employee_monthly_scores',
        'data_version_employee_monthly_scores_insert',
        `
      CREATE TRIGGER data_version_employee_monthly_scores_insert after insert on employee_monthly_scores begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employee_monthly_scores',
        'data_version_employee_monthly_scores_update',
        `
      CREATE TRIGGER data_version_employee_monthly_scores_update after update on employee_monthly_scores begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employee_scores',
        'data_version_employee_scores_delete',
        `
      CREATE TRIGGER data_version_employee_scores_delete after delete on employee_scores begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employee_scores',
        'data_version_employee_scores_insert',
        `
      CREATE TRIGGER data_version_employee_scores_insert after insert on employee_scores begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employee_scores',
        'data_version_employee_scores_update',
        `
      CREATE TRIGGER data_version_employee_scores_update after update on employee_scores begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employees',
        'data_version_employees_delete',
        `
      CREATE TRIGGER data_version_employees_delete after delete on employees begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employees',
        'data_version_employees_insert',
        `
      CREATE TRIGGER data_version_employees_insert after insert on employees begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'employees',
        'data_version_employees_update',
        `
      CREATE TRIGGER data_version_employees_update after update on employees begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'metric_types',
        'data_version_metric_types_delete',
        `
      CREATE TRIGGER data_version_metric_types_delete after delete on metric_types begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'metric_types',
        'data_version_metric_types_insert',
        `
      CREATE TRIGGER data_version_metric_types_insert after insert on metric_types begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'metric_types',
        'data_version_metric_types_update',
        `
      CREATE TRIGGER data_version_metric_types_update after update on metric_types begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'performance_metrics',
        'data_version_performance_metrics_delete',
        `
      CREATE TRIGGER data_version_performance_metrics_delete after delete on performance_metrics begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'performance_metrics',
        'data_version_performance_metrics_insert',
        `
      CREATE TRIGGER data_version_performance_metrics_insert after insert on performance_metrics begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'performance_metrics',
        'data_version_performance_metrics_update',
        `
      CREATE TRIGGER data_version_performance_metrics_update after update on performance_metrics begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'questions',
        'data_version_questions_delete',
        `
      CREATE TRIGGER data_version_questions_delete after delete on questions begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'questions',
        'data_version_questions_insert',
        `
      CREATE TRIGGER data_version_questions_insert after insert on questions begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'questions',
        'data_version_questions_update',
        `
      CREATE TRIGGER data_version_questions_update after update on questions begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'users',
        'data_version_users_delete',
        `
      CREATE TRIGGER data_version_users_delete after delete on users begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'users',
        'data_version_users_insert',
        `
      CREATE TRIGGER data_version_users_insert after insert on users begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
      trigger(
        'users',
        'data_version_users_update',
        `
      CREATE TRIGGER data_version_users_update after update on users begin
          update list_totals set value = value + 1 where name = 'data_version';
        end`,
      ),
    ],
    postgres: [
      fn(
        'data_version_bump',
        `
      CREATE OR REPLACE FUNCTION data_version_bump()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               -- Once a transaction: its first deferred row event moves the version.
               if current_setting('spms.data_version_moved', true) is distinct from 'on' then
                 perform set_config('spms.data_version_moved', 'on', true);
                 update list_totals set value = value + 1 where name = 'data_version';
               end if;
               return null;
             end $function$`,
      ),
      ...POSTGRES_SOURCES.map((table) =>
        trigger(
          table,
          `data_version_${table}`,
          `
      CREATE CONSTRAINT TRIGGER data_version_${table} AFTER INSERT OR DELETE OR UPDATE ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_version_bump()`,
        ),
      ),
    ],
  },
  rebuild: { sqlite: bump, postgres: postgresBump },
  check: { sqlite: missing, postgres: missing },
  limits:
    'A counter, not a recomputation: the rebuild moves it (every remembered answer is dropped), the check only finds its row missing.',
});
