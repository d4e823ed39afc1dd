import type { Kysely } from 'kysely';
import type { CsvImportBody, ImportReport } from '#contract/csv-import';
import { isUniqueViolation } from '../../db/constraint-errors';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { toNewEmployeeRow } from '../employees/employee.mapper';
import { describeImport, importSummary } from './import-audit';
import type { CheckedImport } from './import-protocol';
import { runImport } from './import-run';
import type { ImportWorker } from './import-thread';
import type { StaffInsert } from './staff.check';

/**
 * The staff import (checked in its worker thread, staff.check.ts): the valid rows stored in
 * batches, managers' rows before their reports', with one audit entry, in one transaction.
 */

interface CreatedEmployee {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

async function insertStaff(
  trx: Kysely<DB>,
  checked: CheckedImport,
  worker: ImportWorker<StaffInsert>,
): Promise<CreatedEmployee[]> {
  const now = nowIso();
  const idOfRow = new Map<number, number>();
  const created: CreatedEmployee[] = [];
  for (let index = 0; index < checked.batchCount; index++) {
    const batch = await worker.batch(index);
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

export function createStaffImport(db: Kysely<DB>) {
  return function importStaff(request: CsvImportBody, actor: Actor): Promise<ImportReport> {
    return runImport<StaffInsert>({
      db,
      kind: 'staff',
      request,
      async store(trx, checked, worker) {
        const created = await insertStaff(trx, checked, worker);
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
      },
      // Another request took an email or employee ID after the check.
      lostRace: isUniqueViolation,
      raceMessage:
        'Another change added staff with an email or Employee ID of this file while it was imported; nothing was imported. Please import again.',
    });
  };
}
