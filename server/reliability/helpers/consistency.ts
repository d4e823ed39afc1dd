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
 * Checks that every aggregate the application keeps on write equals a recomputation from the
 * base tables (the engines' own integrity checks: integrity.ts).
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

/**
 * The metric values' hours and days kept by triggers (migrations 0033 and 0034, the buckets a deep
 * page of all values starts from) against a count by hour and by day.
 */
export async function metricValueBucketProblems(db: Kysely<DB>): Promise<string[]> {
  const buckets = [
    { table: 'metric_value_hours', bucket: 'hour', unit: 'hour', prefix: 13 },
    { table: 'metric_value_days', bucket: 'day', unit: 'day', prefix: 10 },
  ] as const;
  const problems: string[] = [];
  for (const { table, bucket, unit, prefix } of buckets) {
    const of = isPostgres(db)
      ? sql`date_trunc(${sql.lit(unit)}, created_at, 'UTC')`
      : sql`substr(created_at, 1, ${sql.lit(prefix)})`;
    const kept = await sql<{ bucket: unknown; n: unknown }>`select ${sql.ref(bucket)} as bucket,
      value_count as n from ${sql.table(table)}`.execute(db);
    const counted = await sql<{ bucket: unknown; n: unknown }>`select ${of} as bucket,
      count(*) as n from performance_metrics group by 1`.execute(db);
    const byBucket = (rows: { bucket: unknown; n: unknown }[]) =>
      new Map(rows.map((row) => [String(row.bucket), Number(row.n)]));
    const stored = byBucket(kept.rows);
    const fresh = byBucket(counted.rows);
    problems.push(
      ...[...new Set([...stored.keys(), ...fresh.keys()])]
        .filter((key) => stored.get(key) !== fresh.get(key))
        .sort()
        .map(
          (key) => `values of ${bucket} ${key}: kept ${stored.get(key)}, counted ${fresh.get(key)}`,
        ),
    );
  }
  return problems;
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
