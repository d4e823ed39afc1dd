import type { Kysely } from 'kysely';
import { DEPARTMENTS } from '../server/src/db/seed/demo-catalogue';
import type { DB } from '../server/src/db/schema';
import { readInsightTotals } from '../server/src/modules/insights/insight-totals.repository';
import type { ScaleOptions } from './generate';
import type { BenchData } from './targets';

/** The ids and names of a loaded bench database that the targets' requests use. */
export async function readBenchData(db: Kysely<DB>): Promise<BenchData> {
  const ids = async (table: 'employees' | 'metric_types' | 'audit_entries' | 'users') =>
    (await db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);
  const { totals } = await readInsightTotals(db);
  const lastPage = (rows: number) => Math.max(1, Math.ceil(rows / 50));
  const typical = await db
    .selectFrom('employee_scores')
    .select('employee_id')
    .orderBy('metric_count')
    .orderBy('employee_id')
    .offset(Math.floor(totals.employees / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    employeeIds: await ids('employees'),
    metricTypeIds: await ids('metric_types'),
    auditIds: await ids('audit_entries'),
    userIds: await ids('users'),
    typicalEmployeeId: typical.employee_id,
    department: DEPARTMENTS[0]!,
    lastPages: { bonuses: lastPage(totals.bonuses), metricValues: lastPage(totals.metric_values) },
  };
}

/**
 * What `npm run bench` loads (PRODUCT.md section 6), or a tenth of it with `--small`: staff, 50
 * metric types, values, bonuses, an account per employee, two questions per employee and two
 * audit entries per bonus.
 */
export function benchScale(small: boolean) {
  const base = small
    ? { employees: 1_000, metricValues: 100_000, bonuses: 10_000 }
    : { employees: 10_000, metricValues: 1_000_000, bonuses: 100_000 };
  return {
    ...base,
    metricTypes: 50,
    employeeAccounts: base.employees,
    questions: base.employees * 2,
    auditEntries: base.bonuses * 2,
  } satisfies ScaleOptions;
}
