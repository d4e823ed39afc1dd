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

/** Rows named in a message about several rows: "2, 3, 4 and 1,204 more". */
const LISTED_ROWS = 3;

export const rowList = (plans: readonly StaffPlan[]) => {
  const rows = plans.slice(0, LISTED_ROWS).map((plan) => plan.row);
  const more = plans.length - rows.length;
  return more > 0 ? `${rows.join(', ')} and ${more.toLocaleString('en-US')} more` : rows.join(', ');
};

/** The rows naming each row as their manager, in the file's order. */
function reportsOf(plans: readonly StaffPlan[]): Map<StaffPlan, StaffPlan[]> {
  const reports = new Map<StaffPlan, StaffPlan[]>();
  for (const plan of plans) {
    if (!plan.managerRow) continue;
    const list = reports.get(plan.managerRow);
    if (list) list.push(plan);
    else reports.set(plan.managerRow, [plan]);
  }
  return reports;
}

/** A row in a loop of managers, or under one: it has no level. */
const NO_LEVEL = -2;

/**
 * The valid rows in the order to store them, managers before their reports, level by level.
 * Rows whose manager's row was refused are refused too, and rows whose managers lead back to
 * them. Each row is looked at a bounded number of times, however long its chain of managers.
 */
export function orderManagersFirst(plans: StaffPlan[], problems: ImportProblems): StaffPlan[][] {
  const reports = reportsOf(plans);
  refuseReportsOfRefused(plans, reports, problems);
  const valid = plans.filter((plan) => plan.body && !problems.has(plan.row));
  // A row's level is its manager's plus one; a chain is walked once, then its levels are known.
  const level = new Map<StaffPlan, number>();
  for (const start of valid) {
    const path: StaffPlan[] = [];
    const onPath = new Set<StaffPlan>();
    let node: StaffPlan | null = start;
    while (node && !level.has(node) && !onPath.has(node)) {
      path.push(node);
      onPath.add(node);
      node = node.managerRow;
    }
    let above = node === null ? -1 : (level.get(node) ?? NO_LEVEL);
    for (let i = path.length - 1; i >= 0; i--) {
      if (above !== NO_LEVEL) above += 1;
      level.set(path[i]!, above);
    }
  }
  const levels: StaffPlan[][] = [];
  const unplaced: StaffPlan[] = [];
  for (const plan of valid) {
    const depth = level.get(plan)!;
    if (depth === NO_LEVEL) unplaced.push(plan);
    else (levels[depth] ??= []).push(plan);
  }
  if (unplaced.length > 0) {
    refuseLoops(unplaced, problems);
    refuseReportsOfRefused(plans, reports, problems);
  }
  return levels;
}

/** Rows whose manager's row is refused are refused too, down the whole chain. */
function refuseReportsOfRefused(
  plans: StaffPlan[],
  reports: Map<StaffPlan, StaffPlan[]>,
  problems: ImportProblems,
) {
  const queue = plans.filter((plan) => problems.has(plan.row) && reports.has(plan));
  for (let next = 0; next < queue.length; next++) {
    const manager = queue[next]!;
    for (const plan of reports.get(manager) ?? []) {
      if (!plan.body || problems.has(plan.row)) continue;
      problems.add(
        plan.row,
        plan.manager!.field,
        `The manager's own row (row ${manager.row}) was refused`,
      );
      queue.push(plan);
    }
  }
}

/** Rows that end up their own manager through others: every row of each loop is refused. */
function refuseLoops(unplaced: StaffPlan[], problems: ImportProblems) {
  const walked = new Set<StaffPlan>();
  for (const start of unplaced) {
    const path: StaffPlan[] = [];
    const onPath = new Set<StaffPlan>();
    let node: StaffPlan | null = start;
    while (node && !walked.has(node) && !onPath.has(node)) {
      path.push(node);
      onPath.add(node);
      node = node.managerRow;
    }
    for (const plan of path) walked.add(plan);
    // Met a row of an earlier walk: its loop is already refused.
    if (!node || !onPath.has(node)) continue;
    const loop = path.slice(path.indexOf(node));
    const message = `The managers of rows ${rowList(loop)} lead back to each other: nobody can report to someone who reports to them`;
    for (const plan of loop) {
      if (!problems.has(plan.row)) problems.add(plan.row, plan.manager!.field, message);
    }
  }
}
