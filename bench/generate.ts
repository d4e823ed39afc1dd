import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../server/src/db/dialect';
import type { DB } from '../server/src/db/schema';
import {
  BONUSES,
  DEPARTMENTS,
  FIRST_NAMES,
  LAST_NAMES,
  METRIC_TYPES,
  POSITIONS,
} from '../server/src/db/seed/demo-catalogue';
import { createRandom } from '../server/src/db/seed/random';
import { rebuildScoreAggregates } from '../server/src/modules/scores/scores.repository';

/**
 * Bulk data for benchmarks: an organisation of the size PRODUCT.md section 6 budgets for
 * (10,000 staff, 1,000,000 metric values, 100,000 bonuses by default), loaded in large batches
 * and then aggregated once with `rebuildScoreAggregates`, as a real import would.
 *
 * Same seed and `now`, same data. Works on either engine; PostgreSQL gets column arrays through
 * `unnest` (one statement per 20,000 rows), SQLite multi-row inserts in one transaction.
 */

export interface ScaleOptions {
  employees?: number;
  metricValues?: number;
  bonuses?: number;
  /** Share of staff with no metric value at all (unranked). */
  unscoredShare?: number;
  /** History spans this many days before `now`. */
  historyDays?: number;
  now?: Date;
  seed?: number;
}

export interface ScaleSummary {
  employees: number;
  metricValues: number;
  bonuses: number;
  /** Employee ids in insertion order (ids are 1..n on a fresh database). */
  employeeIds: number[];
  seconds: { load: number; aggregate: number };
}

const DAY_MS = 86_400_000;
const BATCH = 20_000;

type Column = { name: string; pgType: 'int4' | 'int8' | 'text' | 'timestamptz' | 'date' };

/** Inserts `rows` (arrays in `columns` order) into `table`, in batches. */
async function bulkInsert(
  db: Kysely<DB>,
  table: keyof DB & string,
  columns: Column[],
  rows: unknown[][],
): Promise<void> {
  const postgres = isPostgres(db);
  // SQLite allows 32,766 parameters a statement.
  const batch = postgres ? BATCH : Math.floor(32_000 / columns.length);
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const names = sql.join(columns.map((c) => sql.ref(c.name)));
    if (postgres) {
      const arrays = columns.map(
        (column, i) => sql`cast(${chunk.map((row) => row[i])} as ${sql.raw(column.pgType)}[])`,
      );
      await sql`insert into ${sql.table(table)} (${names}) select * from unnest(${sql.join(arrays)})`.execute(
        db,
      );
    } else {
      const tuples = chunk.map((row) => sql`(${sql.join(row)})`);
      await sql`insert into ${sql.table(table)} (${names}) values ${sql.join(tuples)}`.execute(db);
    }
  }
}

/** Integer counts that add up to exactly `total`, uneven like real workloads. */
function unevenCounts(random: ReturnType<typeof createRandom>, n: number, total: number): number[] {
  const weights = Array.from({ length: n }, () => 0.4 + random.next() * 1.2);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  let remainder = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; remainder > 0; i = (i + 1) % n, remainder--) counts[i]! += 1;
  return counts;
}

export async function generateScaleData(
  db: Kysely<DB>,
  options: ScaleOptions = {},
): Promise<ScaleSummary> {
  const employeeCount = options.employees ?? 10_000;
  const valueCount = options.metricValues ?? 1_000_000;
  const bonusCount = options.bonuses ?? 100_000;
  const historyDays = options.historyDays ?? 365;
  const now = options.now ?? new Date();
  const random = createRandom(options.seed ?? 42);
  const ago = (days: number) =>
    new Date(now.getTime() - days * DAY_MS - random.int(0, DAY_MS - 1)).toISOString();
  const started = Date.now();

  const employeeIds = await db.transaction().execute(async (trx) => {
    const typeCreated = ago(historyDays + 30);
    await bulkInsert(
      trx,
      'metric_types',
      [
        { name: 'metric_name', pgType: 'text' },
        { name: 'description', pgType: 'text' },
        { name: 'measurement_unit', pgType: 'text' },
        { name: 'created_at', pgType: 'timestamptz' },
        { name: 'updated_at', pgType: 'timestamptz' },
      ],
      METRIC_TYPES.map((t) => [
        t.metric_name,
        t.description,
        t.measurement_unit,
        typeCreated,
        typeCreated,
      ]),
    );

    const staff: unknown[][] = [];
    for (let i = 0; i < employeeCount; i++) {
      const department = DEPARTMENTS[i % DEPARTMENTS.length]!;
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      // Most joined over the last years; about one in fifty this month.
      const created = random.chance(0.02) ? ago(random.int(0, 20)) : ago(random.int(30, 3 * 365));
      staff.push([
        first,
        last,
        `${first}.${last}.${i + 1}@example.com`.toLowerCase(),
        random.pick(POSITIONS[department]),
        department,
        created.slice(0, 10),
        random.int(38, 140) * 100_000,
        created,
        created,
      ]);
    }
    await bulkInsert(
      trx,
      'employees',
      [
        { name: 'first_name', pgType: 'text' },
        { name: 'last_name', pgType: 'text' },
        { name: 'email', pgType: 'text' },
        { name: 'position', pgType: 'text' },
        { name: 'department', pgType: 'text' },
        { name: 'join_date', pgType: 'date' },
        { name: 'salary_cents', pgType: 'int8' },
        { name: 'created_at', pgType: 'timestamptz' },
        { name: 'updated_at', pgType: 'timestamptz' },
      ],
      staff,
    );
    const ids = (await trx.selectFrom('employees').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    const typeIds = (await trx.selectFrom('metric_types').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );

    // Values, one employee after another (kept in memory one batch at a time).
    const unscoredShare = options.unscoredShare ?? 0.05;
    const scored = ids.filter(() => !random.chance(unscoredShare));
    const counts = unevenCounts(random, scored.length, valueCount);
    const valueColumns: Column[] = [
      { name: 'user_id', pgType: 'int4' },
      { name: 'metric_type_id', pgType: 'int4' },
      { name: 'value_hundredths', pgType: 'int4' },
      { name: 'created_at', pgType: 'timestamptz' },
      { name: 'updated_at', pgType: 'timestamptz' },
    ];
    let pending: unknown[][] = [];
    for (let e = 0; e < scored.length; e++) {
      const talent = random.around(65, 30, 5, 98);
      for (let n = 0; n < counts[e]!; n++) {
        const value = Math.round(random.around(talent, 20, 1, 100) * 100);
        const created = ago(random.int(0, historyDays - 1));
        pending.push([scored[e], random.pick(typeIds), value, created, created]);
      }
      if (pending.length >= BATCH || e === scored.length - 1) {
        await bulkInsert(trx, 'performance_metrics', valueColumns, pending);
        pending = [];
      }
    }

    const bonuses: unknown[][] = [];
    for (let i = 0; i < bonusCount; i++) {
      const bonus = random.pick(BONUSES);
      const created = ago(random.int(0, historyDays - 1));
      bonuses.push([random.pick(ids), bonus.bonus_name, bonus.description, created, created]);
    }
    await bulkInsert(
      trx,
      'bonuses',
      [
        { name: 'employee_id', pgType: 'int4' },
        { name: 'bonus_name', pgType: 'text' },
        { name: 'description', pgType: 'text' },
        { name: 'created_at', pgType: 'timestamptz' },
        { name: 'updated_at', pgType: 'timestamptz' },
      ],
      bonuses,
    );
    return ids;
  });
  const loaded = Date.now();

  await rebuildScoreAggregates(db);
  // Fresh statistics and visibility map, as autovacuum gathers on PostgreSQL after a bulk load.
  // SQLite gets no ANALYZE: nothing runs one in production, so plans must not depend on it.
  if (isPostgres(db)) await sql`vacuum analyze`.execute(db);

  return {
    employees: employeeCount,
    metricValues: valueCount,
    bonuses: bonusCount,
    employeeIds,
    seconds: { load: (loaded - started) / 1000, aggregate: (Date.now() - loaded) / 1000 },
  };
}
