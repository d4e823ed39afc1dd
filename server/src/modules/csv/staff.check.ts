import {
  STAFF_IMPORT_COLUMNS,
  STAFF_REQUIRED_COLUMNS,
  type CsvImportBody,
} from '#contract/csv-import';
import { createEmployeeBodySchema } from '#contract/employees';
import { EMPLOYEE_CONFLICTS } from '../employees/employees.service';
import {
  ImportProblems,
  importReport,
  readImportFile,
  shouldStore,
  slices,
  type ImportFile,
  type ImportRow,
} from './import-file';
import {
  LOOKUP_SLICE,
  type CheckedImport,
  type EmployeeColumn,
  type ImportLookups,
} from './import-protocol';
import { staffBodyFromCells, type StaffColumn } from './staff-csv';
import { orderManagersFirst, rowList, type ManagerRef, type StaffPlan } from './staff-managers';

/**
 * The staff import's checks, in the import's worker thread: each row is the body of `POST
 * /api/employees`, judged by the same schema (and messages), plus what only a whole file can
 * break: an email or employee ID used twice in the file or already on the staff, and managers,
 * named by email or employee ID, who may be existing staff or other rows of the same file, in
 * any order (a manager's row is stored first). Every step is linear in the rows.
 */

/** The schema of POST /api/employees; the manager is resolved from the manager columns. */
const rowSchema = createEmployeeBodySchema.omit({ manager_id: true });

/** Rows per insert (staff.import.ts), within the parameter limits of both engines. */
const INSERT_SLICE = 400;

/** A row to store: its body, and its manager as an id on the staff or a row stored before it. */
export interface StaffInsert {
  row: number;
  body: NonNullable<StaffPlan['body']>;
  managerId: number | null;
  managerRow: number | null;
}

export interface PreparedStaff {
  file: ImportFile<StaffColumn>;
  plans: StaffPlan[];
  problems: ImportProblems;
}

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
    if (key === null) continue;
    const group = rows.get(key);
    if (group) group.push(plan);
    else rows.set(key, [plan]);
  }
  return [...rows.values()].filter((group) => group.length > 1);
}

/**
 * An email or employee ID on several rows: every one of them is refused, since nothing tells
 * which is meant (valid-rows-only must not guess). The message names the group's first rows.
 */
function refuseRepeats(plans: StaffPlan[], problems: ImportProblems) {
  for (const group of repeated(plans, (plan) => plan.emailKey)) {
    const message = `This email is on more than one row of the file (rows ${rowList(group)})`;
    for (const plan of group) problems.add(plan.row, 'email', message);
  }
  for (const group of repeated(plans, (plan) => plan.codeKey)) {
    const message = `This Employee ID is on more than one row of the file (rows ${rowList(group)})`;
    for (const plan of group) problems.add(plan.row, 'employee_code', message);
  }
}

/** Everything that needs no database: read before the import's transaction begins. */
export function prepareStaff(request: CsvImportBody): PreparedStaff {
  const problems = new ImportProblems();
  const file = readImportFile(
    request.csv,
    { known: STAFF_IMPORT_COLUMNS, required: STAFF_REQUIRED_COLUMNS },
    problems,
  );
  const plans = file.rows.map((row) => planRow(row, problems));
  refuseRepeats(plans, problems);
  return { file, plans, problems };
}

async function existing(
  lookups: ImportLookups,
  column: Exclude<EmployeeColumn, 'id'>,
  keys: Iterable<string>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const slice of slices([...new Set(keys)], LOOKUP_SLICE)) {
    for (const row of await lookups.employees(column, slice)) {
      found.set(String(row[column]), row.id);
    }
  }
  return found;
}

/**
 * What the staff table decides: emails and employee IDs already taken, managers who exist. Then
 * rows whose manager's row was refused are refused too, and rows whose managers lead back to
 * them. Answers the valid rows in the order to store them (managers before their reports).
 */
async function checkAgainstStaff(
  lookups: ImportLookups,
  plans: StaffPlan[],
  problems: ImportProblems,
): Promise<StaffPlan[][]> {
  const takenEmails = await existing(
    lookups,
    'email',
    plans.flatMap((p) => (p.emailKey ? [p.emailKey] : [])),
  );
  const takenCodes = await existing(
    lookups,
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
    lookups,
    'email',
    wanted.filter((ref) => ref.field === 'manager_email').map((ref) => ref.key),
  );
  const staffByCode = await existing(
    lookups,
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

/** The checks against the staff, the report, and the rows to store in batches (by level). */
export async function checkStaff(
  prepared: PreparedStaff,
  lookups: ImportLookups,
  request: CsvImportBody,
): Promise<{ checked: CheckedImport; batches: StaffInsert[][] }> {
  const { file, plans, problems } = prepared;
  const levels = await checkAgainstStaff(lookups, plans, problems);
  const validRows = levels.reduce((sum, level) => sum + level.length, 0);
  const store = shouldStore(request.mode, request.dry_run, problems, validRows);
  const report = importReport({
    mode: request.mode,
    dryRun: request.dry_run,
    totalRows: plans.length,
    validRows,
    imported: store ? validRows : 0,
    problems,
    file,
  });
  // A batch never mixes levels: a row's manager is stored by an earlier batch.
  const batches = store
    ? levels.flatMap((level) =>
        slices(
          level.map((plan) => ({
            row: plan.row,
            body: plan.body!,
            managerId: plan.managerId,
            managerRow: plan.managerRow?.row ?? null,
          })),
          INSERT_SLICE,
        ),
      )
    : [];
  return { checked: { report, store, batchCount: batches.length }, batches };
}
