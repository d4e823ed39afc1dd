import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../src/db/dialect';
import type { DB } from '../../src/db/schema';
import { monthKey } from '../../src/lib/calendar';
import { toIso } from '../../src/lib/clock';
import {
  readInsightTotals,
  recomputeInsightTotals,
} from '../../src/modules/insights/insight-totals.repository';

/**
 * Checks that stored data is whole: the engine's own integrity checks, and every aggregate the
 * application keeps on write equal to a recomputation from the base tables.
 */

type Totals = Map<string, { count: number; sum: number }>;

function add(map: Totals, key: string, hundredths: number) {
  const total = map.get(key) ?? { count: 0, sum: 0 };
  total.count += 1;
  total.sum += hundredths;
  map.set(key, total);
}

function describeDifference(name: string, expected: Totals, actual: Totals): string[] {
  const problems: string[] = [];
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const e = expected.get(key);
    const a = actual.get(key);
    if (e?.count !== a?.count || e?.sum !== a?.sum) {
      problems.push(`${name} ${key}: stored ${JSON.stringify(a)}, recomputed ${JSON.stringify(e)}`);
    }
  }
  return problems;
}

/**
 * employee_scores, employee_monthly_scores and employee_metric_type_scores against a
 * recomputation from performance_metrics (months in the server's time zone, TZ).
 */
export async function scoreAggregateProblems(db: Kysely<DB>): Promise<string[]> {
  const values = await db
    .selectFrom('performance_metrics')
    .select(['user_id', 'metric_type_id', 'value_hundredths', 'created_at'])
    .execute();
  const overall: Totals = new Map();
  const monthly: Totals = new Map();
  const perType: Totals = new Map();
  for (const value of values) {
    const hundredths = Number(value.value_hundredths);
    add(overall, `${value.user_id}`, hundredths);
    add(monthly, `${value.user_id}|${monthKey(toIso(value.created_at))}`, hundredths);
    add(perType, `${value.user_id}|${value.metric_type_id}`, hundredths);
  }
  const stored = async (
    rows: { employee_id: number; metric_count: number; value_sum_hundredths: number }[],
    key: (row: never) => string,
  ): Promise<Totals> =>
    new Map(
      rows.map((row) => [
        key(row as never),
        { count: Number(row.metric_count), sum: Number(row.value_sum_hundredths) },
      ]),
    );

  const scores = await db.selectFrom('employee_scores').selectAll().execute();
  const problems = describeDifference(
    'employee_scores',
    overall,
    await stored(scores, (row: { employee_id: number }) => `${row.employee_id}`),
  );
  for (const row of scores) {
    const average = Number(row.value_sum_hundredths) / Number(row.metric_count) / 100;
    if (Math.abs(Number(row.average_score) - average) > 1e-9) {
      problems.push(
        `employee_scores ${row.employee_id}: average ${row.average_score}, not ${average}`,
      );
    }
  }
  problems.push(
    ...describeDifference(
      'employee_monthly_scores',
      monthly,
      await stored(
        await db.selectFrom('employee_monthly_scores').selectAll().execute(),
        (row: { employee_id: number; month: string }) => `${row.employee_id}|${row.month}`,
      ),
    ),
    ...describeDifference(
      'employee_metric_type_scores',
      perType,
      await stored(
        await db.selectFrom('employee_metric_type_scores').selectAll().execute(),
        (row: { employee_id: number; metric_type_id: number }) =>
          `${row.employee_id}|${row.metric_type_id}`,
      ),
    ),
  );
  return problems;
}

/** The organisation-wide totals kept by triggers against their recomputation. */
export async function insightTotalProblems(db: Kysely<DB>): Promise<string[]> {
  const stored = await readInsightTotals(db);
  const fresh = await recomputeInsightTotals(db);
  const problems: string[] = [];
  const plain = (value: unknown) =>
    JSON.stringify(value, (_key, v: unknown) =>
      v instanceof Map
        ? [...v.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0])))
        : v,
    );
  for (const part of ['totals', 'monthly', 'bonusDays', 'departments', 'histogram'] as const) {
    if (plain(stored[part]) !== plain(fresh[part])) {
      problems.push(
        `insight ${part}: stored ${plain(stored[part])}, recomputed ${plain(fresh[part])}`,
      );
    }
  }
  return problems;
}

/** The metric values' hours kept by triggers (migration 0033) against a count by hour. */
export async function metricValueHourProblems(db: Kysely<DB>): Promise<string[]> {
  const hourOf = isPostgres(db)
    ? sql`date_trunc('hour', created_at, 'UTC')`
    : sql`substr(created_at, 1, 13)`;
  const kept = await sql<{ hour: unknown; n: unknown }>`select hour, value_count as n
    from metric_value_hours`.execute(db);
  const counted = await sql<{ hour: unknown; n: unknown }>`select ${hourOf} as hour, count(*) as n
    from performance_metrics group by 1`.execute(db);
  const byHour = (rows: { hour: unknown; n: unknown }[]) =>
    new Map(rows.map((row) => [String(row.hour), Number(row.n)]));
  const stored = byHour(kept.rows);
  const fresh = byHour(counted.rows);
  return [...new Set([...stored.keys(), ...fresh.keys()])]
    .filter((hour) => stored.get(hour) !== fresh.get(hour))
    .sort()
    .map((hour) => `values of hour ${hour}: kept ${stored.get(hour)}, counted ${fresh.get(hour)}`);
}

export interface RankedEmployee {
  id: number;
  count: number;
  sum: number;
}

/** The full ranking recomputed from the metric values: average desc, then count desc. */
export async function rankingFromScratch(db: Kysely<DB>): Promise<RankedEmployee[]> {
  const rows = await db
    .selectFrom('performance_metrics')
    .select((eb) => [
      'user_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('value_hundredths').as('total'),
    ])
    .groupBy('user_id')
    .execute();
  return rows
    .map((row) => ({ id: row.user_id, count: Number(row.n), sum: Number(row.total) }))
    .sort((a, b) => b.sum * a.count - a.sum * b.count || b.count - a.count);
}

/**
 * Differences between a ranking the API answered (`rankings` of GET /api/employees/rank) and
 * the recomputed one. Within a run of equal average and count the order is the names' order in
 * the database's collation, so only the membership of such a run is compared.
 */
export function rankingProblems(
  answered: { id: number; total_metrics: number; average_score: number }[],
  expected: RankedEmployee[],
): string[] {
  const problems: string[] = [];
  if (answered.length !== expected.length) {
    problems.push(`ranking has ${answered.length} entries, recomputation ${expected.length}`);
    return problems;
  }
  const key = (e: RankedEmployee) => `${e.sum * 1_000_003 + e.count}/${e.count}`;
  let start = 0;
  while (start < expected.length) {
    let end = start + 1;
    const tie = (a: RankedEmployee, b: RankedEmployee) =>
      a.sum * b.count === b.sum * a.count && a.count === b.count;
    while (end < expected.length && tie(expected[start]!, expected[end]!)) end += 1;
    const want = expected
      .slice(start, end)
      .map((e) => e.id)
      .sort((a, b) => a - b);
    const got = answered
      .slice(start, end)
      .map((e) => e.id)
      .sort((a, b) => a - b);
    if (JSON.stringify(want) !== JSON.stringify(got)) {
      problems.push(
        `ranks ${start + 1}-${end}: answered ${got}, recomputed ${want} (${key(expected[start]!)})`,
      );
    }
    for (let i = start; i < end; i++) {
      const entry = answered[i]!;
      const truth = expected[i]!;
      if (entry.total_metrics !== truth.count) {
        problems.push(`rank ${i + 1}: ${entry.total_metrics} metrics, recomputed ${truth.count}`);
      }
      if (Math.abs(entry.average_score - truth.sum / truth.count / 100) > 1e-9) {
        problems.push(
          `rank ${i + 1}: average ${entry.average_score}, recomputed ${truth.sum / truth.count / 100}`,
        );
      }
    }
    start = end;
  }
  return problems;
}

/** SQLite's own checks on a database file: `integrity_check` ok, no foreign key violations. */
export function sqliteIntegrityProblems(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = integrity
      .map((row) => row.integrity_check)
      .filter((message) => message !== 'ok');
    const foreignKeys = db.pragma('foreign_key_check') as unknown[];
    if (foreignKeys.length) problems.push(`foreign_key_check: ${JSON.stringify(foreignKeys)}`);
    return problems;
  } finally {
    db.close();
  }
}

export interface PostgresIntegrity {
  problems: string[];
  /** Whether amcheck verified the B-tree indexes (it needs a role allowed to create it). */
  amcheck: boolean;
  indexesChecked: number;
}

/**
 * PostgreSQL's checks: every B-tree index verified by amcheck (`bt_index_check` with its heap,
 * when the extension can be created), and in any case no row breaking a foreign key and no
 * duplicate under a unique index, read with index scans off so the table itself is read.
 */
export async function postgresIntegrityProblems(db: Kysely<DB>): Promise<PostgresIntegrity> {
  const problems: string[] = [];
  let amcheck = false;
  let indexesChecked = 0;
  try {
    await sql`create extension if not exists amcheck`.execute(db);
    amcheck = true;
  } catch {
    amcheck = false;
  }
  const indexes = await sql<{ index: string; table: string; unique: boolean; columns: string[] }>`
    select i.indexrelid::regclass::text as index, i.indrelid::regclass::text as table,
           i.indisunique as unique,
           array(select a.attname::text from unnest(i.indkey) k join pg_attribute a
                 on a.attrelid = i.indrelid and a.attnum = k) as columns
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
    join pg_namespace n on n.oid = c.relnamespace
    where am.amname = 'btree' and n.nspname = current_schema()`.execute(db);
  for (const index of indexes.rows) {
    if (amcheck) {
      try {
        await sql`select bt_index_check(${index.index}::regclass, true)`.execute(db);
      } catch (error) {
        problems.push(`amcheck ${index.index}: ${(error as Error).message}`);
      }
    }
    if (index.unique && index.columns.length > 0 && index.columns.every(Boolean)) {
      const columns = sql.join(index.columns.map((c) => sql.ref(c)));
      const duplicates = await db.transaction().execute(async (trx) => {
        await sql`set local enable_indexscan = off`.execute(trx);
        await sql`set local enable_indexonlyscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        return sql<{ n: number }>`select count(*)::int as n from (
            select ${columns} from ${sql.table(index.table)}
            where (${columns}) is not null group by ${columns} having count(*) > 1) d`.execute(trx);
      });
      if (duplicates.rows[0]!.n > 0) problems.push(`${index.index}: duplicate keys`);
    }
    indexesChecked += 1;
  }
  const foreignKeys = await sql<{
    name: string;
    child: string;
    parent: string;
    fk: string;
    pk: string;
  }>`
    select con.conname as name, con.conrelid::regclass::text as child,
           con.confrelid::regclass::text as parent, a.attname as fk, pa.attname as pk
    from pg_constraint con
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    join pg_attribute pa on pa.attrelid = con.confrelid and pa.attnum = con.confkey[1]
    where con.contype = 'f' and array_length(con.conkey, 1) = 1
      and con.connamespace = current_schema()::regnamespace`.execute(db);
  for (const fk of foreignKeys.rows) {
    const orphans = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(fk.child)} c
      where c.${sql.ref(fk.fk)} is not null and not exists (
        select 1 from ${sql.table(fk.parent)} p where p.${sql.ref(fk.pk)} = c.${sql.ref(fk.fk)})`.execute(
      db,
    );
    if (orphans.rows[0]!.n > 0) problems.push(`${fk.name}: ${orphans.rows[0]!.n} orphan rows`);
  }
  if (foreignKeys.rows.length === 0) problems.push('no foreign keys found to check');
  return { problems, amcheck, indexesChecked };
}
