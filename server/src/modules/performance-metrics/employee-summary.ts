import type { Kysely } from 'kysely';
import { recordById } from '../../db/prepared-query';
import type { DB } from '../../db/schema';

/** The few employee fields that metric values and bonuses show and name in the audit trail. */
export interface EmployeeSummary {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * Compiled and planned once (db/prepared-query.ts): one employee's values are a list screens
 * page through, and an empty page asks for the employee too.
 */
export const findEmployeeSummary: (
  db: Kysely<DB>,
  id: number,
) => Promise<EmployeeSummary | undefined> = recordById((db, id) =>
  db
    .selectFrom('employees')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', '=', id),
);

/** "Ada Lovelace (ada@example.org)", as audit descriptions name people. */
export function describeEmployee(employee: Omit<EmployeeSummary, 'id'>): string {
  return `${employee.first_name} ${employee.last_name} (${employee.email})`;
}
