import type { Engine } from '../database';
import { disagreements } from './compare';
import { declare, fn, trigger } from './declaration';

/** The tables whose writes move their own version (migration 0021). */
const VERSIONED = ['employees', 'metric_types', 'users'] as const;

const expected = (engine: Engine) =>
  engine === 'sqlite'
    ? `from (values ${VERSIONED.map((name) => `('${name}')`).join(', ')}) as t`
    : `from (values ${VERSIONED.map((name) => `('${name}')`).join(', ')}) as t(column1)`;

const check = (engine: Engine) =>
  disagreements(
    engine,
    'table_versions',
    { key: 'name', value: "'a row'", from: 'from table_versions' },
    { key: 'column1', value: "'a row'", from: expected(engine) },
  );

const bump = [
  `insert into table_versions (name, version)
  values ${VERSIONED.map((name) => `('${name}', 1)`).join(', ')}
  on conflict (name) do update set version = table_versions.version + 1`,
];

/**
 * table_versions: a version per table a list page's items show beside their own rows (the
 * staff list shows metric types' names, the accounts list users), moved by the triggers below.
 */
export const tableVersions = declare({
  name: 'table-versions',
  purpose:
    "A remembered list page is shown again only while the tables its items show didn't change.",
  tables: { sqlite: ['table_versions'], postgres: ['table_versions'] },
  sources: [...VERSIONED],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'employees',
        'table_version_employees_update',
        `
      CREATE TRIGGER table_version_employees_update after update on "employees"
        begin
          update table_versions set version = version + 1 where name = 'employees';
        end`,
      ),
      trigger(
        'metric_types',
        'table_version_metric_types_update',
        `
      CREATE TRIGGER table_version_metric_types_update after update on "metric_types"
        begin
          update table_versions set version = version + 1 where name = 'metric_types';
        end`,
      ),
      trigger(
        'users',
        'table_version_users_delete',
        `
      CREATE TRIGGER table_version_users_delete after delete on "users"
        begin
          update table_versions set version = version + 1 where name = 'users';
        end`,
      ),
      trigger(
        'users',
        'table_version_users_insert',
        `
      CREATE TRIGGER table_version_users_insert after insert on "users"
        begin
          update table_versions set version = version + 1 where name = 'users';
        end`,
      ),
      trigger(
        'users',
        'table_version_users_update',
        `
      CREATE TRIGGER table_version_users_update after update on "users"
        begin
          update table_versions set version = version + 1 where name = 'users';
        end`,
      ),
    ],
    postgres: [
      fn(
        'table_version_bump',
        `
      CREATE OR REPLACE FUNCTION table_version_bump()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
              begin
                update table_versions set version = version + 1 where name = TG_TABLE_NAME;
                return null;
              end $function$`,
      ),
      trigger(
        'employees',
        'table_version_employees_update',
        `
      CREATE TRIGGER table_version_employees_update AFTER UPDATE ON employees
        FOR EACH STATEMENT
        EXECUTE FUNCTION table_version_bump()`,
      ),
      trigger(
        'metric_types',
        'table_version_metric_types_update',
        `
      CREATE TRIGGER table_version_metric_types_update AFTER UPDATE ON metric_types
        FOR EACH STATEMENT
        EXECUTE FUNCTION table_version_bump()`,
      ),
      trigger(
        'users',
        'table_version_users_delete',
        `
      CREATE TRIGGER table_version_users_delete AFTER DELETE ON users
        FOR EACH STATEMENT
        EXECUTE FUNCTION table_version_bump()`,
      ),
      trigger(
        'users',
        'table_version_users_insert',
        `
      CREATE TRIGGER table_version_users_insert AFTER INSERT ON users
        FOR EACH STATEMENT
        EXECUTE FUNCTION table_version_bump()`,
      ),
      trigger(
        'users',
        'table_version_users_update',
        `
      CREATE TRIGGER table_version_users_update AFTER UPDATE ON users
        FOR EACH STATEMENT
        EXECUTE FUNCTION table_version_bump()`,
      ),
    ],
  },
  rebuild: { sqlite: bump, postgres: bump },
  check: { sqlite: check('sqlite'), postgres: check('postgres') },
  limits:
    'Counters, not recomputations: the rebuild moves each (every remembered page is dropped), the check only finds a row missing or extra.',
});
