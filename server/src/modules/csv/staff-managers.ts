import type { CreateEmployeeBody } from '#contract/employees';
import type { ImportProblems } from './import-file';

/** How a staff import row names its manager: by email, else by employee ID. */
export interface ManagerRef {
  field: 'manager_email' | 'manager_employee_code';
  key: string;
}

export interface StaffPlan {
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

export const rowList = (plans: readonly StaffPlan[]) => {
  const rows = plans.map((plan) => plan.row);
  return rows.length > 10
    ? `${rows.slice(0, 10).join(', ')} and ${rows.length - 10} more`
    : rows.join(', ');
};

/**
 * The valid rows in the order to store them, managers before their reports, level by level.
 * Rows whose manager's row was refused are refused too, and rows whose managers lead back to
 * them.
 */
export function orderManagersFirst(plans: StaffPlan[], problems: ImportProblems): StaffPlan[][] {
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
