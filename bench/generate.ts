import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../server/src/db/dialect';
import type { DB } from '../server/src/db/schema';
import {
  ANSWERS,
  BONUSES,
  DEPARTMENTS,
  FIRST_NAMES,
  LAST_NAMES,
  METRIC_TYPES,
  POSITIONS,
  QUESTIONS,
} from '../server/src/db/seed/demo-catalogue';
import { createRandom } from '../server/src/db/seed/random';
import { rebuildScoreAggregates } from '../server/src/modules/scores/scores.repository';
import { BULK_BATCH, bulkInsert, COLUMNS } from './bulk-insert';

/**
 * Bulk data for benchmarks: an organisation of the size PRODUCT.md section 6 budgets for
 * (10,000 staff, 50 metric types, 1,000,000 metric values, 100,000 bonuses by default), loaded in
 * large batches and then aggregated once with `rebuildScoreAggregates`, as a real import would.
 * On request it adds what the other lists read: a sign-in account per employee, questions (most
 * answered) and an audit trail.
 *
 * Same seed and `now`, same data. Works on either engine, in one transaction, through
 * bench/bulk-insert.ts.
 */

export interface ScaleOptions {
  employees?: number;
  metricTypes?: number;
  metricValues?: number;
  bonuses?: number;
  /** Accounts of type employee, one for each of the first this many staff (default none). */
  employeeAccounts?: number;
  /** Questions, spread over the staff; about seven in ten answered (default none). */
  questions?: number;
  /** Audit entries over the history (default none). */
  auditEntries?: number;
  /** Share of staff with no metric value at all (unranked). */
  unscoredShare?: number;
  /** History spans this many days before `now`. */
  historyDays?: number;
  now?: Date;
  seed?: number;
}

export interface ScaleSummary {
  employees: number;
  metricTypes: number;
  metricValues: number;
  bonuses: number;
  employeeAccounts: number;
  questions: number;
  auditEntries: number;
  /** Employee ids in insertion order (ids are 1..n on a fresh database). */
  employeeIds: number[];
  seconds: { load: number; aggregate: number };
}

const DAY_MS = 86_400_000;

const AREAS = ['Customer', 'Team', 'Quality', 'Safety', 'Budget', 'Process', 'Learning'];
const ASPECTS = ['Satisfaction', 'Delivery', 'Accuracy', 'Compliance', 'Growth', 'Engagement'];

/** The demo catalogue's metric types, then "Area Aspect" ones up to `count`. */
function metricTypeRows(count: number, created: string): unknown[][] {
  const rows: unknown[][] = METRIC_TYPES.slice(0, count).map((t) => [
    t.metric_name,
    t.description,
    t.measurement_unit,
    created,
    created,
  ]);
  for (const area of AREAS) {
    for (const aspect of ASPECTS) {
      if (rows.length >= count) return rows;
      rows.push([
        `${area} ${aspect}`,
        `${aspect} in ${area.toLowerCase()} work`,
        '%',
        created,
        created,
      ]);
    }
  }
  for (let i = rows.length; i < count; i++)
    rows.push([`Objective ${i + 1}`, null, 'points', created, created]);
  return rows;
}

const AUDIT_KINDS = [
  { name: 'User Login', entity: 'user' },
  { name: 'Performance Metric Recorded', entity: 'performance_metric' },
  { name: 'Bonus Assignment', entity: 'bonus' },
  { name: 'Employee Updated', entity: 'employee' },
  { name: 'Question Answered', entity: 'question' },
] as const;

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
  const metricTypeCount = options.metricTypes ?? 50;
  const accountCount = Math.min(options.employeeAccounts ?? 0, employeeCount);
  const questionCount = options.questions ?? 0;
  const auditCount = options.auditEntries ?? 0;
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
      COLUMNS.metric_types,
      metricTypeRows(metricTypeCount, typeCreated),
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
    await bulkInsert(trx, 'employees', COLUMNS.employees, staff);
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
    let pending: unknown[][] = [];
    for (let e = 0; e < scored.length; e++) {
      const talent = random.around(65, 30, 5, 98);
      for (let n = 0; n < counts[e]!; n++) {
        const value = Math.round(random.around(talent, 20, 1, 100) * 100);
        const created = ago(random.int(0, historyDays - 1));
        pending.push([scored[e], random.pick(typeIds), value, created, created]);
      }
      if (pending.length >= BULK_BATCH || e === scored.length - 1) {
        await bulkInsert(trx, 'performance_metrics', COLUMNS.performance_metrics, pending);
        pending = [];
      }
    }

    const bonuses: unknown[][] = [];
    for (let i = 0; i < bonusCount; i++) {
      const bonus = random.pick(BONUSES);
      const created = ago(random.int(0, historyDays - 1));
      bonuses.push([random.pick(ids), bonus.bonus_name, bonus.description, created, created]);
    }
    await bulkInsert(trx, 'bonuses', COLUMNS.bonuses, bonuses);

    // Accounts without a password (they would sign in with Google), one per employee.
    const accounts: unknown[][] = [];
    for (let i = 0; i < accountCount; i++) {
      const row = staff[i]!;
      accounts.push([row[2], row[0], row[1], 'employee', ids[i], row[7], row[7]]);
    }
    await bulkInsert(trx, 'users', COLUMNS.users, accounts);

    const questions: unknown[][] = [];
    for (let i = 0; i < questionCount; i++) {
      const asked = ago(random.int(7, historyDays - 1));
      const answered = random.chance(0.7);
      const at = answered
        ? new Date(new Date(asked).getTime() + random.int(1, 7 * DAY_MS)).toISOString()
        : null;
      questions.push([
        random.pick(ids),
        random.pick(QUESTIONS),
        answered ? random.pick(ANSWERS) : null,
        at,
        asked,
        at ?? asked,
      ]);
    }
    await bulkInsert(trx, 'questions', COLUMNS.questions, questions);

    // The audit trail, oldest first as it is written; small snapshots like the real ones.
    const auditTimes = Array.from({ length: auditCount }, () =>
      ago(random.int(0, historyDays - 1)),
    );
    auditTimes.sort();
    let audit: unknown[][] = [];
    for (let i = 0; i < auditCount; i++) {
      const kind = random.pick(AUDIT_KINDS);
      const e = random.int(0, employeeCount - 1);
      const row = staff[e]!;
      const who = `${String(row[0])} ${String(row[1])}`;
      const after = JSON.stringify({ id: ids[e], first_name: row[0], last_name: row[1] });
      audit.push([
        kind.name,
        `${kind.name}: ${who}`,
        'hr@example.com',
        `10.0.${random.int(0, 255)}.${random.int(1, 254)}`,
        kind.entity,
        random.int(1, 1_000_000),
        after,
        auditTimes[i],
        auditTimes[i],
      ]);
      if (audit.length >= BULK_BATCH || i === auditCount - 1) {
        await bulkInsert(trx, 'audit_entries', COLUMNS.audit_entries, audit);
        audit = [];
      }
    }
    return ids;
  });
  const loaded = Date.now();

  await rebuildScoreAggregates(db);
  // Fresh statistics and visibility map, as autovacuum gathers on PostgreSQL after a bulk load.
  // SQLite gets no ANALYZE: nothing runs one in production, so plans must not depend on it.
  if (isPostgres(db)) await sql`vacuum analyze`.execute(db);

  return {
    employees: employeeCount,
    metricTypes: metricTypeCount,
    metricValues: valueCount,
    bonuses: bonusCount,
    employeeAccounts: accountCount,
    questions: questionCount,
    auditEntries: auditCount,
    employeeIds,
    seconds: { load: (loaded - started) / 1000, aggregate: (Date.now() - loaded) / 1000 },
  };
}
