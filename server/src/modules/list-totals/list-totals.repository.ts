import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { UserType } from '#contract/roles';
import { preparedQuery } from '../../db/prepared-query';
import type { DB } from '../../db/schema';
import { lockKeptTotals } from '../insights/insight-totals.repository';

/**
 * The totals list pages show, kept by triggers (migration 0007_list_totals) so that a page never
 * counts a whole table, and the same totals computed from the base tables, to check or repair
 * them. On PostgreSQL a total is the sum of up to 16 shard rows (0002, ADR 30): every reader
 * sums its name's rows, one index range.
 */

export type ListTotalName =
  | 'audit_entries'
  | 'users'
  | `users:${UserType}`
  | 'questions'
  | 'questions:answered'
  | `metric_values:type:${number}`;

const totalQuery = preparedQuery(
  (name: string) =>
    sql<{ value: number | null }>`select cast(sum(value) as bigint) as value from list_totals
      where name = ${name}`,
);

/** One maintained total (0 when nothing was ever counted under that name). */
export async function listTotal(db: Kysely<DB>, name: ListTotalName): Promise<number> {
  const [row] = await totalQuery(db, name);
  return Number(row?.value ?? 0);
}

/**
 * One maintained total as an SQL expression, for a statement that reads it beside a count. A
 * query compiled once passes the name as one of its values, or writes a constant one into the
 * SQL (`sql.lit`).
 */
export function listTotalValue(
  name: ListTotalName | RawBuilder<ListTotalName>,
): RawBuilder<number | string> {
  return sql<
    number | string
  >`coalesce((select cast(sum(value) as bigint) from list_totals where name = ${name}), 0)`;
}

/** Moves with every write to a table the API reads (kept by triggers, 0007). */
export const DATA_VERSION = 'data_version';

/** Every maintained total that is not 0, by name (its shards summed on PostgreSQL, ADR 30). */
export async function readListTotals(db: Kysely<DB>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('list_totals')
    .select((eb) => ['name', eb.fn.sum<number>('value').as('value')])
    .where('name', '<>', DATA_VERSION)
    .groupBy('name')
    .execute();
  return new Map(
    rows
      .filter((row) => Number(row.value) !== 0)
      .map((row) => [row.name, Number(row.value)] as [string, number])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The same totals counted from the base tables (full scans: for checks and repairs). */
export async function recomputeListTotals(db: Kysely<DB>): Promise<Map<string, number>> {
  const rows = await sql<{ name: string; value: number }>`
    select 'audit_entries' as name, count(*) as value from audit_entries
    union all select 'users', count(*) from users
    union all select 'users:' || user_type, count(*) from users group by user_type
    union all select 'questions', count(*) from questions
    union all select 'questions:answered', count(*) from questions where responded_at is not null
    union all select 'metric_values:type:' || metric_type_id, count(*) from performance_metrics
      group by metric_type_id`.execute(db);
  return new Map(
    rows.rows
      .filter((row) => Number(row.value) !== 0)
      .map((row) => [row.name, Number(row.value)] as [string, number])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * Replaces every maintained total with a fresh count (after a repair or a raw bulk load), and
 * moves the data version so no answer computed from the old totals is sent again.
 */
export async function rebuildListTotals(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Writers wait meanwhile, so nothing changes between count and write.
    await lockKeptTotals(trx, ['list_totals']);
    const fresh = await recomputeListTotals(trx);
    await trx.deleteFrom('list_totals').where('name', '<>', DATA_VERSION).execute();
    if (fresh.size > 0) {
      await trx
        .insertInto('list_totals')
        .values([...fresh].map(([name, value]) => ({ name, value })))
        .execute();
    }
    await bumpDataVersion(trx);
  });
}

/** For repairs that rewrite maintained tables the version triggers do not watch. */
export async function bumpDataVersion(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable('list_totals')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', DATA_VERSION)
    .execute();
}
