import type { Insertable, Kysely } from 'kysely';
import type { DB, EmployeesTable, UsersTable } from '../../src/db/schema';
import { nowIso } from '../../src/lib/clock';
import { hashPassword } from '../../src/lib/passwords';

let sequence = 0;
const next = () => ++sequence;

/** Inserts an employee with believable defaults; answers its row id. */
export async function insertEmployee(
  db: Kysely<DB>,
  overrides: Partial<Insertable<EmployeesTable>> = {},
): Promise<number> {
  const n = next();
  const now = nowIso();
  const row = await db
    .insertInto('employees')
    .values({
      first_name: `Test${n}`,
      last_name: `Person${n}`,
      email: `person${n}.${process.pid}@example.com`,
      phone: null,
      position: 'Lecturer',
      department: 'CIT',
      join_date: '2024-01-15',
      salary_cents: 5_000_000,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  employeeId: number | null;
}

/** Inserts a user with a known password (hashed for real). */
export async function insertUser(
  db: Kysely<DB>,
  overrides: Partial<Insertable<UsersTable>> & { password?: string } = {},
): Promise<TestUser> {
  const n = next();
  const { password = `Secret-pass-${n}`, ...columns } = overrides;
  const now = nowIso();
  const values = {
    email: `user${n}.${process.pid}@example.com`,
    firstname: `First${n}`,
    lastname: `Last${n}`,
    user_type: 'manager' as const,
    employee_id: null,
    password_hash: await hashPassword(password),
    created_at: now,
    updated_at: now,
    ...columns,
  };
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, email: values.email, password, employeeId: values.employee_id ?? null };
}

// Metric values (issue 5's tests; the metric API of issue 4 records them the same way). The
// import sits here so that this section stays an append to the file.
import { applyScoreChange } from '../../src/modules/scores/scores.repository';

const testMetricTypes = new WeakMap<Kysely<DB>, number>();

/** A metric type for tests that do not care which one (created once per database). */
async function anyMetricType(db: Kysely<DB>): Promise<number> {
  const known = testMetricTypes.get(db);
  if (known !== undefined) return known;
  const now = nowIso();
  const row = await db
    .insertInto('metric_types')
    .values({
      metric_name: `Test Metric ${next()}`,
      description: null,
      measurement_unit: '%',
      minimum_value: null,
      maximum_value: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  testMetricTypes.set(db, row.id);
  return row.id;
}

/**
 * Records a metric value as the metric service will: the row and its score totals in one
 * transaction. `value` is the number people type (1 to 100, step 0.01).
 */
export async function recordMetricValue(
  db: Kysely<DB>,
  input: { employeeId: number; value: number; createdAt?: string; metricTypeId?: number },
): Promise<number> {
  const metricTypeId = input.metricTypeId ?? (await anyMetricType(db));
  const createdAt = input.createdAt ?? nowIso();
  const hundredths = Math.round(input.value * 100);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('performance_metrics')
      .values({
        user_id: input.employeeId,
        metric_type_id: metricTypeId,
        value_hundredths: hundredths,
        comment: null,
        recorded_by: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await applyScoreChange(trx, {
      employeeId: input.employeeId,
      createdAt,
      countDelta: 1,
      sumDelta: hundredths,
    });
    return row.id;
  });
}
