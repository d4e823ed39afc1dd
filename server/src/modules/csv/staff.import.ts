import type { Insertable, Kysely } from 'kysely';
import {
  STAFF_IMPORT_COLUMNS,
  STAFF_REQUIRED_COLUMNS,
  type CsvImportBody,
  type ImportReport,
} from '#contract/csv-import';
import { createEmployeeBodySchema, type CreateEmployeeBody } from '#contract/employees';
import { isUniqueViolation } from '../../db/constraint-errors';
import type { DB, EmployeesTable } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { conflict } from '../../lib/errors';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { toCents } from '../employees/employee.mapper';
import { EMPLOYEE_CONFLICTS } from '../employees/employees.service';
import {
  ImportProblems,
  importReport,
  readImportFile,
  shouldStore,
  slices,
  type ImportRow,
} from './import-file';
import { staffBodyFromCells, type StaffColumn } from './staff-csv';
import { describeImport, importSummary } from './import-audit';

/**
 * The staff import: each row is the body of `POST /api/employees`, judged by the same schema
 * (and messages), plus what only a whole file can break: an email or employee ID used twice in
 * the file or already on the staff, and managers, named by email or employee ID, who may be
 * existing staff or other rows of the same file, in any order (a manager's row is stored first).
 */

/** The schema of POST /api/employees; the manager is resolved from the manager columns. */
const rowSchema = createEmployeeBodySchema.omit({ manager_id: true });

interface ManagerRef {
  field: 'manager_email' | 'manager_employee_code';
  key: string;
}

interface StaffPlan {
  row: number;
  /** The row as the create schema read it; null when the schema refused it. */
  body: Omit<CreateEmployeeBody, 'manager_id'> | null;
  /** The row's own email and employee ID as typed, to find it as someone's manager. */
  emailKey: string | null;
  codeKey: string | null;
  manager: ManagerRef | null;
  /** The manager when on the staff already. */
  managerId: number | null;
  /** The manager when a row of this file. */
  managerRow: StaffPlan | null;
}

const LOOKUP_SLICE = 500;
const INSERT_SLICE = 400;

function planRow(source: ImportRow<StaffColumn>, problems: ImportProblems): StaffPlan {
  const { row, cells } = source;
  const parsed = rowSchema.safeParse(staffBodyFromCells(cells));
  if (!parsed.success) problems.addIssues(row, parsed.error.issues);
  const managerEmail = cells.manager_email?.toLowerCase() || null;
  const managerCode = cells.manager_employee_code || null;
  // The email decides when both are given, as everywhere in the imports.
  const manager: ManagerRef | null = managerEmail
    ? { field: 'manager_email', key: managerEmail }
    : managerCode
      ? { field: 'manager_employee_code', key: managerCode }
      : null;
  return {
    row,
    body: parsed.success ? parsed.data : null,
    emailKey: cells.email?.toLowerCase() || null,
    codeKey: cells.employee_code || null,
    manager,
    managerId: null,
    managerRow: null,
  };
}

/** The rows sharing one key, for every key used by more than one row. */
function repeated(plans: StaffPlan[], keyOf: (plan: StaffPlan) => string | null) {
  const rows = new Map<string, StaffPlan[]>();
  for (const plan of plans) {
    const key = keyOf(plan);
    if (key !== null) rows.set(key, [...(rows.get(key) ?? []), plan]);
  }
  return [...rows.values()].filter((group) => group.length > 1);
}

const rowList = (plans: readonly StaffPlan[]) => {
  const rows = plans.map((plan) => plan.row);
  return rows.length > 10
    ? `${rows.slice(0, 10).join(', ')} and ${rows.length - 10} more`
    : rows.join(', ');
};

/**
 * An email or employee ID on several rows: every one of them is refused, since nothing tells
 * which is meant (valid-rows-only must not guess).
 */
function refuseRepeats(plans: StaffPlan[], problems: ImportProblems) {
  for (const group of repeated(plans, (plan) => plan.emailKey)) {
    for (const plan of group) {
      problems.add(
        plan.row,
        'email',
        `This email is on more than one row of the file (rows ${rowList(group)})`,
      );
    }
  }
  for (const group of repeated(plans, (plan) => plan.codeKey)) {
    for (const plan of group) {
      problems.add(
        plan.row,
        'employee_code',
        `This Employee ID is on more than one row of the file (rows ${rowList(group)})`,
      );
    }
  }
}

async function existing(
  db: Kysely<DB>,
  column: 'email' | 'employee_code',
  keys: Iterable<string>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const slice of slices([...new Set(keys)], LOOKUP_SLICE)) {
    const rows = await db
      .selectFrom('employees')
      .select(['id', 'email', 'employee_code'])
      .where(column, 'in', slice)
      .execute();
    for (const row of rows) found.set(String(row[column]), row.id);
  }
  return found;
}

/**
 * What the staff table decides: emails and employee IDs already taken, managers who exist. Then
 * rows whose manager's row was refused are refused too, and rows whose managers lead back to
 * them. Answers the valid rows in the order to store them (managers before their reports).
 */
async function checkAgainstStaff(
  db: Kysely<DB>,
  plans: StaffPlan[],
  problems: ImportProblems,
): Promise<StaffPlan[][]> {
  const takenEmails = await existing(
    db,
    'email',
    plans.flatMap((p) => (p.emailKey ? [p.emailKey] : [])),
  );
  const takenCodes = await existing(
    db,
    'employee_code',
    plans.flatMap((p) => (p.codeKey ? [p.codeKey] : [])),
  );
  for (const plan of plans) {
    if (!plan.body) continue;
    if (plan.emailKey && takenEmails.has(plan.emailKey)) {
      problems.add(plan.row, 'email', EMPLOYEE_CONFLICTS.email);
    }
    if (plan.codeKey && takenCodes.has(plan.codeKey)) {
      problems.add(plan.row, 'employee_code', EMPLOYEE_CONFLICTS.employeeCode);
    }
  }

  // A manager already on the staff is that person (a row of the file with the same email or
  // employee ID is refused as taken); otherwise the row of the file that has it.
  const wanted = plans.flatMap((plan) => (plan.manager ? [plan.manager] : []));
  const staffByEmail = await existing(
    db,
    'email',
    wanted.filter((ref) => ref.field === 'manager_email').map((ref) => ref.key),
  );
  const staffByCode = await existing(
    db,
    'employee_code',
    wanted.filter((ref) => ref.field === 'manager_employee_code').map((ref) => ref.key),
  );
  const rowByEmail = new Map<string, StaffPlan>();
  const rowByCode = new Map<string, StaffPlan>();
  for (const plan of plans) {
    if (plan.emailKey && !rowByEmail.has(plan.emailKey)) rowByEmail.set(plan.emailKey, plan);
    if (plan.codeKey && !rowByCode.has(plan.codeKey)) rowByCode.set(plan.codeKey, plan);
  }

  for (const plan of plans) {
    const ref = plan.manager;
    if (!ref || !plan.body) continue;
    const byEmail = ref.field === 'manager_email';
    const staffId = (byEmail ? staffByEmail : staffByCode).get(ref.key);
    const managerRow = (byEmail ? rowByEmail : rowByCode).get(ref.key);
    if (managerRow === plan) {
      problems.add(plan.row, ref.field, 'An employee cannot be their own manager');
    } else if (staffId !== undefined) {
      plan.managerId = staffId;
    } else if (managerRow) {
      plan.managerRow = managerRow;
    } else {
      problems.add(
        plan.row,
        ref.field,
        byEmail
          ? 'No employee has this manager email, in the file or on the staff'
          : 'No employee has this manager Employee ID, in the file or on the staff',
      );
    }
  }

  refuseReportsOfRefused(plans, problems);
  // Managers before their reports, level by level. Rows left over are in, or hang from, a loop.
  const levels: StaffPlan[][] = [];
  const placed = new Set<StaffPlan>();
  let pending = plans.filter((plan) => plan.body && !problems.has(plan.row));
  for (;;) {
    const level = pending.filter((plan) => !plan.managerRow || placed.has(plan.managerRow));
    if (level.length === 0) break;
    levels.push(level);
    for (const plan of level) placed.add(plan);
    pending = pending.filter((plan) => !placed.has(plan));
  }
  if (pending.length > 0) {
    refuseLoops(pending, problems);
    refuseReportsOfRefused(plans, problems);
  }
  return levels;
}

/** Rows whose manager's row is refused are refused too, down the whole chain. */
function refuseReportsOfRefused(plans: StaffPlan[], problems: ImportProblems) {
  for (let changed = true; changed;) {
    changed = false;
    for (const plan of plans) {
      const manager = plan.managerRow;
      if (!manager || !plan.body || problems.has(plan.row) || !problems.has(manager.row)) continue;
      problems.add(
        plan.row,
        plan.manager!.field,
        `The manager's own row (row ${manager.row}) was refused`,
      );
      changed = true;
    }
  }
}

/** Rows that end up their own manager through others: every row of each loop is refused. */
function refuseLoops(unplaced: StaffPlan[], problems: ImportProblems) {
  for (const start of unplaced) {
    const path: StaffPlan[] = [];
    let node: StaffPlan | null = start;
    while (node && !path.includes(node)) {
      path.push(node);
      node = node.managerRow;
    }
    if (!node) continue;
    const loop = path.slice(path.indexOf(node));
    for (const plan of loop) {
      if (problems.has(plan.row)) continue;
      problems.add(
        plan.row,
        plan.manager!.field,
        `The managers of rows ${rowList(loop)} lead back to each other: nobody can report to someone who reports to them`,
      );
    }
  }
}

interface CreatedEmployee {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

async function insertStaff(trx: Kysely<DB>, levels: StaffPlan[][]): Promise<CreatedEmployee[]> {
  const now = nowIso();
  const idOf = new Map<StaffPlan, number>();
  const created: CreatedEmployee[] = [];
  for (const level of levels) {
    for (const slice of slices(level, INSERT_SLICE)) {
      const values: Insertable<EmployeesTable>[] = slice.map((plan) => {
        const body = plan.body!;
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
          manager_id: plan.managerRow ? idOf.get(plan.managerRow)! : plan.managerId,
          notes: body.notes,
          skills: JSON.stringify(body.skills),
          created_at: now,
          updated_at: now,
        };
      });
      const rows = await trx
        .insertInto('employees')
        .values(values)
        .returning(['id', 'email', 'first_name', 'last_name'])
        .execute();
      // RETURNING's order is not promised: match the rows by their (unique) email.
      const byEmail = new Map(rows.map((row) => [row.email, row]));
      for (const plan of slice) {
        const row = byEmail.get(plan.body!.email)!;
        idOf.set(plan, row.id);
        created.push(row);
      }
    }
  }
  return created;
}

export function createStaffImport(db: Kysely<DB>) {
  return async function importStaff(request: CsvImportBody, actor: Actor): Promise<ImportReport> {
    const problems = new ImportProblems();
    const file = readImportFile(
      request.csv,
      { known: STAFF_IMPORT_COLUMNS, required: STAFF_REQUIRED_COLUMNS },
      problems,
    );
    // Everything that needs no database first, outside any transaction.
    const plans = file.rows.map((row) => planRow(row, problems));
    refuseRepeats(plans, problems);

    const run = async (trx: Kysely<DB>): Promise<ImportReport> => {
      const levels = await checkAgainstStaff(trx, plans, problems);
      const validRows = levels.reduce((sum, level) => sum + level.length, 0);
      const store = shouldStore(request.mode, request.dry_run, problems, validRows);
      const created = store ? await insertStaff(trx, levels) : [];
      const report = importReport({
        mode: request.mode,
        dryRun: request.dry_run,
        totalRows: plans.length,
        validRows,
        imported: created.length,
        problems,
        file,
      });
      if (store) {
        const people = created.map((e) => ({
          id: e.id,
          name: `${e.first_name} ${e.last_name}`,
          email: e.email,
        }));
        await writeAudit(trx, actor, {
          name: 'Staff Import',
          description: describeImport('Staff Import', report, people),
          entityType: 'employee',
          after: importSummary(report, { employees: people }),
        });
      }
      return report;
    };

    if (request.dry_run) return run(db);
    try {
      return await db.transaction().execute(run);
    } catch (error) {
      // Another request took an email or employee ID after the check: nothing was stored.
      if (isUniqueViolation(error)) {
        throw conflict(
          'Another change added staff with an email or Employee ID of this file while it was imported; nothing was imported. Please import again.',
        );
      }
      throw error;
    }
  };
}
