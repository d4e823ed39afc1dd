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
