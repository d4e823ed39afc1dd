import {
  sql,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type Updateable,
} from 'kysely';
import { preparedQuery, recordById } from '../../db/prepared-query';
import type { DB, EmployeesTable } from '../../db/schema';

/**
 * Staff records: Kysely queries only. One record, its checks and its writes here; the list
 * (search, filters, sort, pages and totals) in staff-list.repository.ts.
 */

export type EmployeeScope = SelectQueryBuilder<DB & { e: EmployeesTable }, 'e', object>;

/** What a staff record answers (not search_text: SQLite computes it on every read). */
const EMPLOYEE_COLUMNS = [
  'e.id',
  'e.first_name',
  'e.last_name',
  'e.email',
  'e.phone',
  'e.position',
  'e.department',
  'e.join_date',
  'e.status',
  'e.salary_cents',
  'e.employee_code',
  'e.employment_type',
  'e.location',
  'e.manager_id',
  'e.notes',
  'e.skills',
  'e.created_at',
  'e.updated_at',
] as const;

/** An employee row joined with their manager (`m`) and linked account (`u`), nothing chosen. */
export function joinedWithDetails(builder: EmployeeScope) {
  return builder
    .leftJoin('employees as m', 'm.id', 'e.manager_id')
    .leftJoin('users as u', 'u.employee_id', 'e.id');
}

/** An employee row with what the answer adds: the manager's name and the linked account. */
export function withDetails(builder: EmployeeScope) {
  return joinedWithDetails(builder)
    .select(EMPLOYEE_COLUMNS)
    .select([
      'm.first_name as manager_first_name',
      'm.last_name as manager_last_name',
      'u.id as user_id',
    ]);
}

export type EmployeeDetailRow = Awaited<
  ReturnType<ReturnType<typeof withDetails>['executeTakeFirstOrThrow']>
>;

/** One employee with details. */
export const findEmployee = recordById((db, id) =>
  withDetails(db.selectFrom('employees as e')).where('e.id', '=', id),
);

/** The id of another employee using this email (emails are stored lower-cased). */
export async function employeeIdWithEmail(db: Kysely<DB>, email: string, exceptId?: number) {
  let query = db.selectFrom('employees').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id ?? null;
}

export async function employeeIdWithCode(db: Kysely<DB>, code: string, exceptId?: number) {
  let query = db.selectFrom('employees').select('id').where('employee_code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id ?? null;
}

export async function employeeExists(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db.selectFrom('employees').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether `employeeId` appears in the management chain above `managerId` (managerId itself
 * included): making managerId their manager would close a loop. UNION (not UNION ALL) ends the
 * walk even if the data already holds a loop.
 */
export async function managementChainIncludes(
  db: Kysely<DB>,
  managerId: number,
  employeeId: number,
): Promise<boolean> {
  const result = await sql<{ found: number }>`
    with recursive chain(id, manager_id) as (
      select id, manager_id from employees where id = ${managerId}
      union
      select e.id, e.manager_id from employees e join chain c on e.id = c.manager_id
    )
    select 1 as found from chain where id = ${employeeId} limit 1`.execute(db);
  return result.rows.length > 0;
}

export async function insertEmployee(db: Kysely<DB>, values: Insertable<EmployeesTable>) {
  const row = await db
    .insertInto('employees')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEmployee(
  db: Kysely<DB>,
  id: number,
  values: Updateable<EmployeesTable>,
) {
  await db.updateTable('employees').set(values).where('id', '=', id).execute();
}

const departmentsQuery = preparedQuery(
  () => sql<{ department: string }>`select department from department_totals
    group by department having sum(staff_count) > 0 order by department`,
);

/** Departments with staff, from the per-department totals kept by triggers (0004). */
export async function departmentsInUse(db: Kysely<DB>): Promise<string[]> {
  return (await departmentsQuery(db)).map((row) => row.department);
}

/**
 * Positions in use, in order: one step through employees_position_idx per distinct position
 * (a loose index scan), instead of reading all 10,000 rows to find fifty values.
 */
const positionsQuery = preparedQuery(
  () => sql<{ position: string }>`
    with recursive p (position) as (
      select min(position) from employees
      union all
      select (select min(e.position) from employees e where e.position > p.position)
      from p where p.position is not null
    )
    select position from p where position is not null`,
);

export async function positionsInUse(db: Kysely<DB>): Promise<string[]> {
  return (await positionsQuery(db)).map((row) => row.position);
}
