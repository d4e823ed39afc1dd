import type { STAFF_CSV_COLUMNS } from '#contract/csv-export';
import type { CsvRecord } from '../../lib/csv';
import { parseSkills } from '../employees/employee.mapper';

/**
 * The staff CSV format, both ways: a staff row as the export writes it, and the cells of an
 * imported row as the body `POST /api/employees` takes, so the create schema judges them.
 */

export type StaffColumn = (typeof STAFF_CSV_COLUMNS)[number];

/** Skills in one cell: `Teaching; Python; C\; or C++`. */
export function formatSkills(skills: readonly string[]): string {
  return skills.map((skill) => skill.replace(/[\\;]/g, (char) => `\\${char}`)).join('; ');
}

export function parseSkillsCell(cell: string): string[] {
  const skills: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const char = cell[i]!;
    if (char === '\\' && i + 1 < cell.length) {
      current += cell[++i];
    } else if (char === ';') {
      skills.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  skills.push(current);
  // Blanks and duplicates are dropped by the schema, as from the form.
  return skills.map((skill) => skill.trim());
}

export interface StaffExportRow {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  position: string;
  department: string;
  join_date: string;
  status: string;
  salary_cents: number | string | null;
  employee_code: string | null;
  employment_type: string | null;
  location: string | null;
  notes: string | null;
  skills: string;
  manager_email: string | null;
  manager_employee_code: string | null;
}

export function toStaffCsvRecord(row: StaffExportRow): Record<StaffColumn, CsvRecord[string]> {
  return {
    employee_code: row.employee_code,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    position: row.position,
    department: row.department,
    join_date: String(row.join_date).slice(0, 10),
    status: row.status,
    employment_type: row.employment_type,
    location: row.location,
    salary: row.salary_cents === null ? null : Number(row.salary_cents) / 100,
    manager_email: row.manager_email,
    manager_employee_code: row.manager_employee_code,
    skills: formatSkills(parseSkills(row.skills)),
    notes: row.notes,
  };
}

/**
 * A number as typed in a cell: plain decimals become numbers; anything else stays text, so the
 * schema refuses it with the field's own message ("Salary must be a number of at least 0").
 */
export function numberCell(cell: string): number | string | undefined {
  if (cell === '') return undefined;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(cell) ? Number(cell) : cell;
}

const blankToUndefined = (cell: string | undefined) => (cell ? cell : undefined);

/** The body of POST /api/employees from an imported row (the manager is resolved apart). */
export function staffBodyFromCells(cells: Partial<Record<StaffColumn, string>>) {
  return {
    first_name: blankToUndefined(cells.first_name),
    last_name: blankToUndefined(cells.last_name),
    email: blankToUndefined(cells.email),
    phone: blankToUndefined(cells.phone),
    position: blankToUndefined(cells.position),
    department: blankToUndefined(cells.department),
    join_date: blankToUndefined(cells.join_date),
    status: blankToUndefined(cells.status),
    employment_type: blankToUndefined(cells.employment_type),
    location: blankToUndefined(cells.location),
    salary: numberCell(cells.salary ?? ''),
    employee_code: blankToUndefined(cells.employee_code),
    notes: blankToUndefined(cells.notes),
    skills: cells.skills ? parseSkillsCell(cells.skills) : undefined,
  };
}
