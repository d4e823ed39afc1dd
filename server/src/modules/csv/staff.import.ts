import type { Kysely } from 'kysely';
import {
  STAFF_IMPORT_COLUMNS,
  STAFF_REQUIRED_COLUMNS,
  type CsvImportBody,
  type ImportReport,
} from '#contract/csv-import';
import { createEmployeeBodySchema } from '#contract/employees';
import { isUniqueViolation } from '../../db/constraint-errors';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { toNewEmployeeRow } from '../employees/employee.mapper';
import { EMPLOYEE_CONFLICTS } from '../employees/employees.service';
import {
  ImportProblems,
  importReport,
  readImportFile,
  runImport,
  shouldStore,
  slices,
  type ImportRow,
} from './import-file';
import { staffBodyFromCells, type StaffColumn } from './staff-csv';
import { orderManagersFirst, rowList, type ManagerRef, type StaffPlan } from './staff-managers';
import { describeImport, importSummary } from './import-audit';

/**
 * The staff import: each row is the body of `POST /api/employees`, judged by the same schema
 * (and messages), plus what only a whole file can break: an email or employee ID used twice in
 * the file or already on the staff, and managers, named by email or employee ID, who may be
 * existing staff or other rows of the same file, in any order (a manager's row is stored first).
 */

/** The schema of POST /api/employees; the manager is resolved from the manager columns. */
const rowSchema = createEmployeeBodySchema.omit({ manager_id: true });

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
  return orderManagersFirst(plans, problems);
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
      const values = slice.map((plan) =>
        toNewEmployeeRow(
          {
            ...plan.body!,
            manager_id: plan.managerRow ? idOf.get(plan.managerRow)! : plan.managerId,
          },
          now,
        ),
      );
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

    // Another request took an email or employee ID after the check.
    return runImport(
      db,
      request.dry_run,
      run,
      isUniqueViolation,
      'Another change added staff with an email or Employee ID of this file while it was imported; nothing was imported. Please import again.',
    );
  };
}
