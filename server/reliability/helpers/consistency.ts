import type { Kysely } from 'kysely';
import { isPostgres } from '../../src/db/dialect';
import { checkDerived, describeDisagreements } from '../../src/db/derived/index';
import { insightTotals } from '../../src/db/derived/insight-totals';
import type { DB } from '../../src/db/schema';

/**
 * Checks that every table the application keeps on write equals a recomputation from the base
 * tables: the derived-data registry's checks (server/src/db/derived/), so that a table declared
 * there is checked here with no query of its own (the engines' own integrity checks:
 * integrity.ts).
 */

/** Every derived table's disagreements with its sources, as readable lines. */
export async function derivedDataProblems(db: Kysely<DB>): Promise<string[]> {
  return describeDisagreements(await checkDerived(db));
}

async function problemsOf(db: Kysely<DB>, tables: readonly string[]): Promise<string[]> {
  const found = await checkDerived(db);
  return describeDisagreements(
    Object.fromEntries(Object.entries(found).filter(([table]) => tables.includes(table))),
  );
}

/** employee_scores, employee_monthly_scores and employee_metric_type_scores. */
export function scoreAggregateProblems(db: Kysely<DB>): Promise<string[]> {
  return problemsOf(db, [
    'employee_scores',
    'employee_monthly_scores',
    'employee_metric_type_scores',
  ]);
}

/** The organisation-wide totals HR's dashboard reads (the insight-totals declaration). */
export function insightTotalProblems(db: Kysely<DB>): Promise<string[]> {
  return problemsOf(db, insightTotals.tables[isPostgres(db) ? 'postgres' : 'sqlite']);
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
