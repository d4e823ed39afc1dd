/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { derivedStatement } from '../derived';
import { replacedPostgresFunctions, replacedPostgresTriggers } from './baseline-replaced.postgres';
import { valueBucketFunctions } from './baseline-value-buckets';
import { isPostgres } from './helpers';

/**
 * PostgreSQL only (ADR 30): the kept totals every writer updates are sharded, and the advisory
 * lock every writer of them took first (insights_lock_first, 0006) goes. A total is kept in up to
 * 16 rows, one per shard; each statement adds to its backend's shard (`pg_backend_pid() % 16`)
 * and readers sum the shards, so concurrent writers of one total seldom meet on a row. The
 * totals' trigger functions take their new text from the registry (server/src/db/derived/), but
 * for those of the tables 0004 dropped (baseline-value-buckets.ts).
 * SQLite keeps one writer at a time and one row per total: nothing changes there.
 */

/** Each sharded table with the columns of its key before the shard. */
const SHARDED: readonly (readonly [string, string])[] = [
  ['list_totals', 'name'],
  ['insight_totals', 'name'],
  ['monthly_metric_totals', 'month'],
  ['department_totals', 'department'],
  ['score_histogram', 'bucket'],
];

/** The figures each sharded table sums (everything but its key). */
const FIGURES: Readonly<Record<string, readonly string[]>> = {
  list_totals: ['value'],
  insight_totals: ['value'],
  monthly_metric_totals: ['metric_count'],
  department_totals: ['staff_count', 'scored_staff_count', 'metric_count', 'value_sum_hundredths'],
  score_histogram: ['staff_count'],
};

/** Functions given new text (without the lock; sharded where they write a sharded table). */
const REPLACED_FUNCTIONS = [
  'insights_bonus_days',
  'insights_count_rows',
  'insights_employees_change',
  'insights_monthly_change',
  'insights_scores_change',
  'list_totals_audit',
  'list_totals_users',
  'list_totals_questions',
  'list_totals_values',
  'data_version_bump',
  'dashboard_version_bump',
  'metric_value_days_count',
  'metric_value_hours_count',
] as const;

const LOCKED_TABLES = Object.keys(replacedPostgresTriggers).map((key) => key.split('.')[0]!);

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of LOCKED_TABLES) {
    await sql.raw(`drop trigger insights_lock_first on ${table}`).execute(db);
  }
  await sql.raw('drop function insights_lock_first()').execute(db);
  for (const [table, key] of SHARDED) {
    await sql
      .raw(
        `alter table ${table} add column shard smallint not null default 0,
  drop constraint ${table}_pkey,
  add constraint ${table}_pkey primary key (${key}, shard)`,
      )
      .execute(db);
  }
  for (const name of REPLACED_FUNCTIONS) {
    const text = valueBucketFunctions[name] ?? derivedStatement('postgres', 'function', name);
    await sql.raw(text).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const name of REPLACED_FUNCTIONS) {
    await sql.raw(replacedPostgresFunctions[name]!).execute(db);
  }
  for (const [table, key] of SHARDED) {
    const figures = FIGURES[table]!;
    // Every key's shards folded into one row (shard 0), then the column dropped.
    const sums = figures.map((f) => `sum(${f}) as ${f}`).join(', ');
    await sql
      .raw(`create temporary table folded as select ${key}, ${sums} from ${table} group by ${key}`)
      .execute(db);
    await sql.raw(`delete from ${table}`).execute(db);
    await sql
      .raw(`insert into ${table} (${key}, ${figures.join(', ')}) select * from folded`)
      .execute(db);
    await sql.raw('drop table folded').execute(db);
    await sql
      .raw(
        `alter table ${table} drop constraint ${table}_pkey,
  add constraint ${table}_pkey primary key (${key}),
  drop column shard`,
      )
      .execute(db);
  }
  await sql.raw(replacedPostgresFunctions.insights_lock_first!).execute(db);
  for (const text of Object.values(replacedPostgresTriggers)) await sql.raw(text).execute(db);
}
