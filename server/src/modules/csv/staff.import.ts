import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { toNewEmployeeRow } from '../employees/employee.mapper';
import { describeImport, importSummary } from './import-audit';
import type { CheckedImport } from './import-protocol';
import type { StaffInsert } from './staff.check';

/**
 * The staff import's writes (in its worker thread, after staff.check.ts): the valid rows stored
 * in batches, managers' rows before their reports', with one audit entry, in one transaction.
 */

interface CreatedEmployee {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

async function insertStaff(trx: Kysely<DB>, batches: StaffInsert[][]): Promise<CreatedEmployee[]> {
  const now = nowIso();
  const idOfRow = new Map<number, number>();
  const created: CreatedEmployee[] = [];
  for (const batch of batches) {
    const values = batch.map((item) =>
      toNewEmployeeRow(
        {
          ...item.body,
          manager_id: item.managerRow === null ? item.managerId : idOfRow.get(item.managerRow)!,
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
    for (const item of batch) {
      const row = byEmail.get(item.body.email)!;
      idOfRow.set(item.row, row.id);
      created.push(row);
    }
  }
  return created;
}

/** The checked rows stored and audited, in the import's transaction `trx`. */
export async function storeStaff(
  trx: Kysely<DB>,
  checked: CheckedImport,
  batches: StaffInsert[][],
  actor: Actor,
): Promise<void> {
  const created = await insertStaff(trx, batches);
  const people = created.map((e) => ({
    id: e.id,
    name: `${e.first_name} ${e.last_name}`,
    email: e.email,
  }));
  await writeAudit(trx, actor, {
    name: 'Staff Import',
    description: describeImport('Staff Import', checked.report, people),
    entityType: 'employee',
    after: importSummary(checked.report, { employees: people }),
  });
}
