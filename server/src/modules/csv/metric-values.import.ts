import type { Kysely } from 'kysely';
import type { CsvImportBody, ImportReport } from '#contract/csv-import';
import { isForeignKeyViolation } from '../../db/constraint-errors';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';
import { addScoreTotals } from '../scores/add-score-totals';
import { describeImport, importSummary } from './import-audit';
import { runImport } from './import-run';
import type { ValueInsert } from './metric-values.check';

/**
 * The metric value import (checked in its worker thread, metric-values.check.ts): the values
 * stored in batches, in one transaction with the score totals of every value (summed per
 * employee, month and type) and one audit entry; the organisation-wide totals follow by their
 * triggers.
 */

export function createMetricValueImport(db: Kysely<DB>) {
  return function importMetricValues(request: CsvImportBody, actor: Actor): Promise<ImportReport> {
    return runImport<ValueInsert>({
      db,
      kind: 'metric-values',
      request,
      async store(trx, checked, worker) {
        const now = nowIso();
        const ids: number[] = [];
        const values = [];
        for (let index = 0; index < checked.batchCount; index++) {
          const batch = (await worker.batch(index)).map((value) => ({
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
      },
      // An employee or metric type deleted after the check (PostgreSQL).
      lostRace: isForeignKeyViolation,
      raceMessage:
        'An employee or metric type of this file was deleted while it was imported; nothing was imported. Please import again.',
    });
  };
}
