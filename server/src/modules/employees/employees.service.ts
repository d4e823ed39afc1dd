import type { Kysely, Updateable } from 'kysely';
import { shortUsDate } from '#contract/backfill-date';
import { DEPARTMENTS } from '#contract/employee-options';
import type {
  CreateEmployeeBody,
  Employee,
  EmployeeList,
  EmployeeStats,
  ListEmployeesQuery,
  UpdateEmployeeBody,
} from '#contract/employees';
import {
  isForeignKeyViolation,
  isUniqueViolation,
  violatedConstraint,
} from '../../db/constraint-errors';
import type { DB, EmployeesTable } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { earliestRecordOf, localDay } from '../performance-metrics/join-date-rule';
import { toCents, toEmployee, toNewEmployeeRow } from './employee.mapper';
import {
  deleteEmployeeAndDependents,
  dependentsOf,
  lockEmployeeAndReports,
} from './employee-removal.repository';
import {
  departmentsInUse,
  employeeExists,
  employeeIdWithCode,
  employeeIdWithEmail,
  findEmployee,
  insertEmployee,
  managementChainIncludes,
  positionsInUse,
  updateEmployee,
} from './employees.repository';
import { listEmployees } from './staff-list.repository';
import { retriedTransaction } from '../../db/retried-transaction';

export const EMPLOYEE_CONFLICTS = {
  email: 'An employee with this email already exists',
  employeeCode: 'An employee with this Employee ID already exists',
  /** A join date after what the employee already has (docs/product-decisions.md, "Nothing before joining"). */
  joinDateAfterRecords: (name: string, firstDay: string) =>
    `Join date must be on or before ${shortUsDate(firstDay)}, the date of ${name}'s first metric value or bonus`,
} as const;

/** The Manager field's refusals, in the form's words (the field stays `manager_id`). */
export const EMPLOYEE_MANAGER_MESSAGES = {
  gone: 'Manager must be an existing employee',
  unknown: (id: number) => `Manager must be an existing employee (there is none with id ${id})`,
  self: 'An employee cannot be their own manager',
  circle:
    'Manager cannot be someone who already reports to this employee, directly or through others',
} as const;

const nameOf = (employee: Pick<Employee, 'first_name' | 'last_name'>) =>
  `${employee.first_name} ${employee.last_name}`.trim();

/**
 * Fields whose change is worth naming in the audit description, by the names the staff forms
 * give them (a person reads "was updated: salary, join date", not the columns).
 */
const COMPARED_FIELDS = {
  first_name: 'first name',
  last_name: 'last name',
  email: 'email',
  phone: 'phone',
  position: 'position',
  department: 'department',
  join_date: 'join date',
  status: 'status',
  salary: 'salary',
  employee_code: 'Employee ID',
  employment_type: 'employment type',
  location: 'location',
  manager_id: 'manager',
  notes: 'notes',
  skills: 'skills',
} as const satisfies Partial<Record<keyof Employee, string>>;

function changedFields(before: Employee, after: Employee): string[] {
  return Object.entries(COMPARED_FIELDS)
    .filter(([field]) => {
      const key = field as keyof typeof COMPARED_FIELDS;
      return JSON.stringify(before[key]) !== JSON.stringify(after[key]);
    })
    .map(([, words]) => words);
}

/**
 * A constraint refused the write after our checks passed (two requests raced): a unique index is
 * still a 409, and a manager deleted meanwhile (PostgreSQL) the 400 its check would have given.
 */
function asConflict(error: unknown): never {
  if (isForeignKeyViolation(error) && violatedConstraint(error)?.includes('manager_id')) {
    throw badRequest(EMPLOYEE_MANAGER_MESSAGES.gone, 'manager_id');
  }
  if (isUniqueViolation(error)) {
    const text = String((error as Error).message ?? '');
    if (text.includes('employee_code'))
      throw conflict(EMPLOYEE_CONFLICTS.employeeCode, 'employee_code');
    throw conflict(EMPLOYEE_CONFLICTS.email, 'email');
  }
  throw error;
}

/** A later join date must not leave a metric value or bonus dated before it: a 409 then. */
async function checkJoinDateFitsRecords(
  trx: Kysely<DB>,
  id: number,
  joinDate: string,
  name: string,
) {
  const earliest = await earliestRecordOf(trx, id);
  if (earliest === null) return;
  const firstDay = localDay(earliest);
  if (firstDay < joinDate) {
    throw conflict(EMPLOYEE_CONFLICTS.joinDateAfterRecords(name, firstDay), 'join_date');
  }
}

export function createEmployeesService(db: Kysely<DB>) {
  async function load(trx: Kysely<DB>, id: number): Promise<Employee> {
    const row = await findEmployee(trx, id);
    if (!row) throw notFound('Employee');
    return toEmployee(row);
  }

  async function checkUnique(
    trx: Kysely<DB>,
    fields: { email?: string; employee_code?: string | null },
    exceptId?: number,
  ) {
    if (fields.email && (await employeeIdWithEmail(trx, fields.email, exceptId)) !== null) {
      throw conflict(EMPLOYEE_CONFLICTS.email, 'email');
    }
    if (
      fields.employee_code &&
      (await employeeIdWithCode(trx, fields.employee_code, exceptId)) !== null
    ) {
      throw conflict(EMPLOYEE_CONFLICTS.employeeCode, 'employee_code');
    }
  }

  /** The manager must be another existing employee who does not already report to this one. */
  async function checkManager(trx: Kysely<DB>, managerId: number | null, employeeId?: number) {
    if (managerId === null) return;
    if (managerId === employeeId) {
      throw badRequest(EMPLOYEE_MANAGER_MESSAGES.self, 'manager_id');
    }
    if (!(await employeeExists(trx, managerId))) {
      throw badRequest(EMPLOYEE_MANAGER_MESSAGES.unknown(managerId), 'manager_id');
    }
    if (employeeId !== undefined && (await managementChainIncludes(trx, managerId, employeeId))) {
      throw badRequest(EMPLOYEE_MANAGER_MESSAGES.circle, 'manager_id');
    }
  }

  return {
    /** `dataVersion`: the guard's, under which a search's count is remembered. */
    async list(
      query: ListEmployeesQuery,
      dataVersion: number | null = null,
    ): Promise<EmployeeList> {
      const { rows, total } = await listEmployees(db, query, dataVersion);
      return {
        employees: rows,
        pagination: { page: query.page, limit: query.limit, total },
      };
    },

    get: (id: number) => load(db, id),

    async stats(): Promise<EmployeeStats> {
      const [departments, positions] = await Promise.all([
        departmentsInUse(db),
        positionsInUse(db),
      ]);
      return { departments, positions, configured_departments: [...DEPARTMENTS] };
    },

    async create(input: CreateEmployeeBody, actor: Actor): Promise<Employee> {
      try {
        return await retriedTransaction(db, async (trx) => {
          await checkUnique(trx, input);
          await checkManager(trx, input.manager_id);
          const id = await insertEmployee(trx, toNewEmployeeRow(input, nowIso()));
          const employee = await load(trx, id);
          await writeAudit(trx, actor, {
            name: 'Employee Created',
            description: `${nameOf(employee)} (${employee.email}) was added as ${employee.position} in ${employee.department}`,
            entityType: 'employee',
            entityId: id,
            after: employee,
          });
          return employee;
        });
      } catch (error) {
        return asConflict(error);
      }
    },

    async update(id: number, input: UpdateEmployeeBody, actor: Actor): Promise<Employee> {
      try {
        return await retriedTransaction(db, async (trx) => {
          const before = await load(trx, id);
          await checkUnique(trx, input, id);
          if (input.manager_id !== undefined) await checkManager(trx, input.manager_id, id);

          const changes: Updateable<EmployeesTable> = { updated_at: nowIso() };
          const { salary, skills, ...plain } = input;
          Object.assign(changes, plain);
          if (salary !== undefined) changes.salary_cents = toCents(salary);
          if (skills !== undefined) changes.skills = JSON.stringify(skills);
          await updateEmployee(trx, id, changes);
          // After the update, so that a value or bonus being written meanwhile is found
          // (join-date-rule.ts: the writer holds the row until it commits).
          if (input.join_date !== undefined && input.join_date > before.join_date) {
            await checkJoinDateFitsRecords(trx, id, input.join_date, nameOf(before));
          }

          const after = await load(trx, id);
          const changed = changedFields(before, after);
          await writeAudit(trx, actor, {
            name: 'Employee Updated',
            description: `${nameOf(after)} (${after.email}) was updated${
              changed.length ? `: ${changed.join(', ')}` : ' (no changes)'
            }`,
            entityType: 'employee',
            entityId: id,
            before,
            after,
          });
          return after;
        });
      } catch (error) {
        return asConflict(error);
      }
    },

    /**
     * PRODUCT.md section 3: one transaction removes the employee with their metric values,
     * bonuses and questions, unlinks their account, and keeps a full copy in the audit entry.
     */
    async remove(id: number, actor: Actor): Promise<void> {
      await retriedTransaction(db, async (trx) => {
        await lockEmployeeAndReports(trx, id);
        const employee = await load(trx, id);
        const dependents = await dependentsOf(trx, id);
        await deleteEmployeeAndDependents(trx, id, nowIso());
        await writeAudit(trx, actor, {
          name: 'Employee Deleted',
          description:
            `${nameOf(employee)} (${employee.email}) was deleted with ` +
            `${dependents.performanceMetrics.length} metric value(s), ` +
            `${dependents.bonuses.length} bonus(es) and ${dependents.questions.length} question(s)` +
            (dependents.accounts.length
              ? `; account ${dependents.accounts.map((a) => a.email).join(', ')} unlinked`
              : ''),
          entityType: 'employee',
          entityId: id,
          before: {
            employee,
            performance_metrics: dependents.performanceMetrics,
            bonuses: dependents.bonuses,
            questions: dependents.questions,
            unlinked_accounts: dependents.accounts,
            reports_left_without_manager: dependents.reports,
          },
        });
      });
    },
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
