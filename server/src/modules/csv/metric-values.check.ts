import {
  METRIC_VALUE_EXPORT_ONLY_COLUMNS,
  METRIC_VALUE_IMPORT_COLUMNS,
  METRIC_VALUE_REQUIRED_COLUMNS,
  type CsvImportBody,
} from '#contract/csv-import';
import { checkMetricValue, toHundredths } from '#contract/metric-value-rule';
import {
  PERFORMANCE_METRIC_MESSAGES as MESSAGES,
  METRIC_VALUE_DATE_LABEL,
  recordMetricValueBodySchema,
} from '#contract/performance-metrics';
import { referenceId } from '#contract/reference-field';
import { checkNotBeforeJoining } from '../performance-metrics/join-date-rule';
import { LISTED_RECORDS } from './import-audit';
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
  type EmployeeKeys,
  type ImportLookups,
  type MetricTypeRange,
  type PersonRef,
} from './import-protocol';
import { numberCell } from './staff-csv';

/**
 * The metric value import's checks, in the import's worker thread: each row is a value as `POST
 * /api/performance-metrics` records it (the same value rule and messages, the same optional past
 * `created_at`), naming its employee by email or id and its metric type by name or id.
 */

type ValueColumn = (typeof METRIC_VALUE_IMPORT_COLUMNS)[number];

/** The value, comment and backdate of POST /api/performance-metrics. */
const valueSchema = recordMetricValueBodySchema.pick({
  value: true,
  comment: true,
  created_at: true,
});
const employeeIdSchema = referenceId('employee_id');
const typeIdSchema = referenceId('metric_type_id');

type Ref<F extends string, K extends string, V> = { field: F } & Record<K, V>;

interface ValuePlan {
  row: number;
  employee: Ref<'employee_email', 'email', string> | Ref<'employee_id', 'id', number> | null;
  type: Ref<'metric_name', 'name', string> | Ref<'metric_type_id', 'id', number> | null;
  value: { value: number; comment: string | null; created_at?: string | null | undefined } | null;
  userId: number | null;
  metricTypeId: number | null;
}

/** A value to store; the recorder and the missing `created_at` are filled in when stored. */
export interface ValueInsert {
  user_id: number;
  metric_type_id: number;
  value_hundredths: number;
  comment: string | null;
  created_at: string | null;
}

export interface PreparedValues {
  file: ImportFile<ValueColumn>;
  plans: ValuePlan[];
  problems: ImportProblems;
}

/** Values per insert (metric-values.import.ts). */
const INSERT_SLICE = 1000;

function planRow(source: ImportRow<ValueColumn>, problems: ImportProblems): ValuePlan {
  const { row, cells } = source;
  const plan: ValuePlan = {
    row,
    employee: null,
    type: null,
    value: null,
    userId: null,
    metricTypeId: null,
  };
  // The email and the name decide when both are given: ids differ between databases.
  if (cells.employee_email) {
    plan.employee = { field: 'employee_email', email: cells.employee_email.toLowerCase() };
  } else if (cells.employee_id) {
    const id = employeeIdSchema.safeParse(cells.employee_id);
    if (id.success) plan.employee = { field: 'employee_id', id: id.data };
    else problems.add(row, 'employee_id', id.error.issues[0]!.message);
  } else {
    problems.add(row, 'employee_email', 'employee_email or employee_id is required');
  }
  if (cells.metric_name) {
    plan.type = { field: 'metric_name', name: cells.metric_name };
  } else if (cells.metric_type_id) {
    const id = typeIdSchema.safeParse(cells.metric_type_id);
    if (id.success) plan.type = { field: 'metric_type_id', id: id.data };
    else problems.add(row, 'metric_type_id', id.error.issues[0]!.message);
  } else {
    problems.add(row, 'metric_name', 'metric_name or metric_type_id is required');
  }
  const parsed = valueSchema.safeParse({
    value: numberCell(cells.value ?? ''),
    comment: cells.comment || null,
    created_at: cells.created_at || undefined,
  });
  if (parsed.success) plan.value = parsed.data;
  else problems.addIssues(row, parsed.error.issues);
  return plan;
}

/** Everything that needs no database: read before the import's transaction begins. */
export function prepareValues(request: CsvImportBody): PreparedValues {
  const problems = new ImportProblems();
  const file = readImportFile(
    request.csv,
    {
      known: METRIC_VALUE_IMPORT_COLUMNS,
      required: METRIC_VALUE_REQUIRED_COLUMNS,
      expected: METRIC_VALUE_EXPORT_ONLY_COLUMNS,
    },
    problems,
  );
  return { file, plans: file.rows.map((row) => planRow(row, problems)), problems };
}

/**
 * Metric types by name: the exact spelling first, else the one name equal ignoring case (names
 * are unique ignoring case, as the database's lower() folds it).
 */
function typeFinder(types: MetricTypeRange[]) {
  const byId = new Map(types.map((type) => [type.id, type]));
  const byName = new Map(types.map((type) => [type.metric_name, type]));
  const byFolded = new Map<string, MetricTypeRange | null>();
  for (const type of types) {
    const folded = type.metric_name.toLowerCase();
    byFolded.set(folded, byFolded.has(folded) ? null : type);
  }
  return (ref: NonNullable<ValuePlan['type']>): MetricTypeRange | undefined =>
    ref.field === 'metric_type_id'
      ? byId.get(ref.id)
      : (byName.get(ref.name) ?? byFolded.get(ref.name.toLowerCase()) ?? undefined);
}

/**
 * Employees, metric types and each type's own range, from the database; and, as POST
 * /api/performance-metrics, no value dated before its employee joined (`now` for a value
 * without `created_at`, as it will be stored).
 */
async function checkReferences(
  lookups: ImportLookups,
  plans: ValuePlan[],
  problems: ImportProblems,
  now: string,
): Promise<Map<number, EmployeeKeys>> {
  const emails = new Set<string>();
  const ids = new Set<number>();
  for (const plan of plans) {
    if (plan.employee?.field === 'employee_email') emails.add(plan.employee.email);
    if (plan.employee?.field === 'employee_id') ids.add(plan.employee.id);
  }
  const employees = new Map<number, EmployeeKeys>();
  const byEmail = new Map<string, EmployeeKeys>();
  for (const slice of slices([...emails], LOOKUP_SLICE)) {
    for (const row of await lookups.employees('email', slice)) {
      byEmail.set(row.email, row);
      employees.set(row.id, row);
    }
  }
  for (const slice of slices([...ids], LOOKUP_SLICE)) {
    for (const row of await lookups.employees('id', slice)) employees.set(row.id, row);
  }
  // Metric types are a short list (the screens load them all): read them all.
  const findType = typeFinder(await lookups.metricTypes());

  for (const plan of plans) {
    if (plan.employee) {
      const employee =
        plan.employee.field === 'employee_email'
          ? byEmail.get(plan.employee.email)
          : employees.get(plan.employee.id);
      if (!employee) {
        problems.add(plan.row, plan.employee.field, MESSAGES.employeeNotFound);
      } else {
        plan.userId = employee.id;
        const createdAt = plan.value?.created_at ?? now;
        const early =
          plan.value && checkNotBeforeJoining(createdAt, employee, METRIC_VALUE_DATE_LABEL);
        if (early) problems.add(plan.row, 'created_at', early);
      }
    }
    if (plan.type) {
      const type = findType(plan.type);
      if (!type) {
        problems.add(plan.row, plan.type.field, MESSAGES.metricTypeNotFound);
        continue;
      }
      plan.metricTypeId = type.id;
      const outOfRange = plan.value && checkMetricValue(plan.value.value, type);
      if (outOfRange) problems.add(plan.row, 'value', outOfRange);
    }
  }
  return employees;
}

/** The checks against the database, the report, the values to store, and whose they are. */
export async function checkValues(
  prepared: PreparedValues,
  lookups: ImportLookups,
  request: CsvImportBody,
): Promise<{ checked: CheckedImport; batches: ValueInsert[][] }> {
  const { file, plans, problems } = prepared;
  const employees = await checkReferences(lookups, plans, problems, new Date().toISOString());
  const valid = plans.filter((plan) => !problems.has(plan.row));
  const store = shouldStore(request.mode, request.dry_run, problems, valid.length);
  const report = importReport({
    mode: request.mode,
    dryRun: request.dry_run,
    totalRows: plans.length,
    validRows: valid.length,
    imported: store ? valid.length : 0,
    problems,
    file,
  });
  if (!store) return { checked: { report, store, batchCount: 0 }, batches: [] };

  const values = valid.map((plan) => ({
    user_id: plan.userId!,
    metric_type_id: plan.metricTypeId!,
    value_hundredths: toHundredths(plan.value!.value),
    comment: plan.value!.comment,
    created_at: plan.value!.created_at ?? null,
  }));
  const ids = [...new Set(values.map((value) => value.user_id))];
  const people: PersonRef[] = ids.slice(0, LISTED_RECORDS).map((id) => {
    const employee = employees.get(id)!;
    return { id, name: `${employee.first_name} ${employee.last_name}`, email: employee.email };
  });
  const batches = slices(values, INSERT_SLICE);
  return {
    checked: { report, store, batchCount: batches.length, people, peopleCount: ids.length },
    batches,
  };
}
