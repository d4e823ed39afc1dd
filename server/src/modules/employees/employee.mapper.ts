import type { Insertable } from 'kysely';
import type { CreateEmployeeBody, Employee } from '#contract/employees';
import type { EmployeesTable } from '../../db/schema';
import { toIso } from '../../lib/clock';
import type { EmployeeDetailRow } from './employees.repository';

/** Skills are stored as a JSON array of strings; anything else reads as no skills. */
export function parseSkills(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

/** A row (either engine) as the API answers it: money from cents, ISO timestamps, skills as a list. */
export function toEmployee(row: EmployeeDetailRow): Employee {
  const managerName =
    row.manager_first_name === null && row.manager_last_name === null
      ? null
      : `${row.manager_first_name ?? ''} ${row.manager_last_name ?? ''}`.trim();
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    position: row.position,
    department: row.department,
    join_date: String(row.join_date).slice(0, 10),
    status: row.status,
    salary: row.salary_cents === null ? null : Number(row.salary_cents) / 100,
    employee_code: row.employee_code,
    employment_type: row.employment_type,
    location: row.location,
    manager_id: row.manager_id,
    manager_name: managerName,
    user_id: row.user_id ?? null,
    notes: row.notes,
    skills: parseSkills(row.skills),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** Whole cents from a salary in currency units (exact for two decimals). */
export function toCents(salary: number | null): number | null {
  return salary === null ? null : Math.round(salary * 100);
}

/** The stored row of a new employee: the create form's body as the table keeps it. */
export function toNewEmployeeRow(
  body: CreateEmployeeBody,
  now: string,
): Insertable<EmployeesTable> {
  return {
    first_name: body.first_name,
    last_name: body.last_name,
    email: body.email,
    phone: body.phone,
    position: body.position,
    department: body.department,
    join_date: body.join_date,
    status: body.status,
    salary_cents: toCents(body.salary),
    employee_code: body.employee_code,
    employment_type: body.employment_type,
    location: body.location,
    manager_id: body.manager_id,
    notes: body.notes,
    skills: JSON.stringify(body.skills),
    created_at: now,
    updated_at: now,
  };
}
