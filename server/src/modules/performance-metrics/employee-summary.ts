import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The few employee fields that metric values and bonuses show and name in the audit trail. */
export interface EmployeeSummary {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

export function findEmployeeSummary(
  db: Kysely<DB>,
  id: number,
): Promise<EmployeeSummary | undefined> {
  return db
    .selectFrom('employees')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** "Ada Lovelace (ada@example.org)", as audit descriptions name people. */
export function describeEmployee(employee: Omit<EmployeeSummary, 'id'>): string {
  return `${employee.first_name} ${employee.last_name} (${employee.email})`;
}
