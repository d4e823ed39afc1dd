/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The migrations the baseline (0001_baseline) replaced, in the order they ran. A database that
 * ran all of them has the baseline's schema already; one that ran only some of them has a
 * schema no migration here leads from, and is refused.
 */
export const OLD_CHAIN: readonly string[] = [
  '0001_initial',
  '0002_people',
  '0003_performance',
  '0004_insights',
  '0005_questions',
  '0006_insights_lock_order',
  '0007_list_totals',
  '0008_search_indexes',
  '0009_exact_search_tables',
  '0010_postgres_search_tables',
  '0011_pending_questions_order',
  '0012_pending_questions_search',
  '0013_postgres_pending_questions_indexes',
  '0014_postgres_pending_questions_walk',
  '0015_postgres_newest_first_indexes',
  '0016_postgres_staff_search_table',
  '0017_postgres_questions_search_order',
  '0018_monthly_scores_covering_index',
  '0019_employee_dashboard_versions',
  '0020_row_versions',
  '0021_table_versions',
  '0022_score_rank_names',
  '0023_ordered_search_tables',
  '0024_postgres_users_search_order',
  '0025_search_postings',
  '0026_questions_walk_covering_index',
  '0027_postgres_search_postings',
  '0028_postgres_audit_search_table',
  '0029_audit_walk_covering_index',
  '0030_postgres_covering_walk_indexes',
  '0031_postgres_questions_search_versions',
  '0032_name_order_walks',
  '0033_metric_value_hours',
  '0034_metric_value_days',
  '0035_recent_joiners_index',
];

export const BASELINE = '0001_baseline';

/** Kysely's default table of the migrations run. */
const MIGRATION_TABLE = 'kysely_migration';

async function migrationTableExists(db: Kysely<any>): Promise<boolean> {
  const found = isPostgres(db)
    ? await sql<{
        found: string | null;
      }>`select to_regclass(${MIGRATION_TABLE})::text as found`.execute(db)
    : await sql<{ found: string }>`select name as found from sqlite_master
        where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db);
  return found.rows.some((row) => row.found !== null);
}

export function partialChainMessage(applied: readonly string[]): string {
  const last = OLD_CHAIN.filter((name) => applied.includes(name)).at(-1);
  return (
    `This database was migrated by an older release but only part of the way: ` +
    `${applied.length} of its ${OLD_CHAIN.length} migrations ran (the last: ${last}). ` +
    `This release starts from that release's final schema. Upgrade through the previous ` +
    `release first (start it once on this database: it runs the rest, up to ` +
    `${OLD_CHAIN.at(-1)}), then start this one.`
  );
}

/**
 * Before the migrator runs: records the baseline as run in place of a complete old chain, in one
 * transaction (no table or row changes, since the baseline is that chain's final schema), and
 * refuses a database that ran only part of the chain. Answers whether it carried one over. Two
 * instances starting together on one PostgreSQL database: the second one's delete waits for the
 * first's and finds nothing left to replace.
 */
export async function carryOverOldChain(db: Kysely<any>): Promise<boolean> {
  if (!(await migrationTableExists(db))) return false;
  const recorded = await sql<{
    name: string;
  }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  const applied = recorded.rows.map((row) => row.name).filter((name) => OLD_CHAIN.includes(name));
  if (applied.length === 0) return false;
  if (applied.length < OLD_CHAIN.length) throw new Error(partialChainMessage(applied));
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom(MIGRATION_TABLE)
      .where('name', 'in', OLD_CHAIN)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== OLD_CHAIN.length) return false;
    await trx
      .insertInto(MIGRATION_TABLE)
      .values({ name: BASELINE, timestamp: new Date().toISOString() })
      .execute();
    return true;
  });
}
