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
 * The tables the API reads, in their order of names; a write to any of them moves the version.
 * On SQLite a row trigger per table and change moves it. On PostgreSQL it moves at commit
 * (migration 0003): deferred row triggers, the first of a transaction moving it once. Moved by
 * a statement trigger, it was locked at a different point of different writes (after an
 * employee's dashboard version in a bonus, before their monthly score row in a value), and two
 * writers taking the same two rows in opposite orders deadlocked. Moved last, it is held only
 * while its writer commits.
 */
const SOURCES = [
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
  sources: SOURCES,
  keptBy: 'the triggers below, on every table the API reads',
  change: {
    sqlite: SOURCES.flatMap((table) =>
      (['delete', 'insert', 'update'] as const).map((op) =>
        trigger(
          table,
          `data_version_${table}_${op}`,
          `CREATE TRIGGER data_version_${table}_${op} after ${op} on ${table} begin
    update list_totals set value = value + 1 where name = 'data_version';
  end`,
        ),
      ),
    ),
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
      ...SOURCES.map((table) =>
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
