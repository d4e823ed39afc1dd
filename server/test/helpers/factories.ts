import type { Insertable, Kysely } from 'kysely';
import type { DB, EmployeesTable, UsersTable } from '../../src/db/schema';
import { nowIso } from '../../src/lib/clock';
import { hashPassword } from '../../src/lib/passwords';
import { moveScoreTotals } from '../../src/modules/scores/move-score-totals';

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

/** Inserts a user with a known password (hashed for real, unless a `password_hash` is given). */
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
    password_hash: overrides.password_hash ?? (await hashPassword(password)),
    created_at: now,
    updated_at: now,
    ...columns,
  };
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, email: values.email, password, employeeId: values.employee_id ?? null };
}

/** A valid `POST /api/employees` body with a unique email and employee code. */
export function employeeBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = next();
  return {
    first_name: `Staff${n}`,
    last_name: `Member${n}`,
    email: `staff${n}.${process.pid}@example.com`,
    phone: '+1 555 010 2000',
    position: 'Lecturer',
    department: 'CIT',
    join_date: '2024-02-01',
    salary: 52000.5,
    ...overrides,
  };
}

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
 * Records a metric value as the metric service does: the row and its score totals in one
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
    await moveScoreTotals(
      trx,
      { user_id: input.employeeId, metric_type_id: metricTypeId, created_at: createdAt },
      1,
      hundredths,
    );
    return row.id;
  });
}
