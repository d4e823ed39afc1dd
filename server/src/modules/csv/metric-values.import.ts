import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { addScoreTotals } from '../scores/add-score-totals';
import { describeImport, importSummary } from './import-audit';
import type { CheckedImport } from './import-protocol';
import type { ValueInsert } from './metric-values.check';

/**
 * The metric value import's writes (in its worker thread, after metric-values.check.ts): the values
 * stored in batches, in one transaction with the score totals of every value (summed per
 * employee, month and type) and one audit entry; the organisation-wide totals follow by their
 * triggers.
 */

/** The checked values stored with their totals and audited, in the import's transaction. */
export async function storeValues(
  trx: Kysely<DB>,
  checked: CheckedImport,
  batches: ValueInsert[][],
  actor: Actor,
): Promise<void> {
  const now = nowIso();
  const ids: number[] = [];
  const values = [];
  for (const checkedBatch of batches) {
    const batch = checkedBatch.map((value) => ({
      ...value,
      recorded_by: actor.userId,
      created_at: value.created_at ?? now,
      updated_at: now,
    }));
    const rows = await trx
      .insertInto('performance_metrics')
      .values(batch)
      .returning('id')
      .execute();
    for (const row of rows) ids.push(row.id);
    for (const value of batch) values.push(value);
  }
  await addScoreTotals(trx, values);

  const people = checked.people ?? [];
  await writeAudit(trx, actor, {
    name: 'Performance Metric Import',
    description: describeImport(
      'Performance Metric Import',
      checked.report,
      people,
      'value',
      checked.peopleCount,
    ),
    entityType: 'performance_metric',
    after: importSummary(checked.report, { performance_metric_ids: ids, employees: people }),
  });
}
