import { sql, type Kysely } from 'kysely';
import type { AverageScoreExportQuery, RankingExportQuery } from '#contract/csv-export';
import { scoreBand } from '#contract/scores';
import { keyColumns, keysetBatches, type SortKey } from '../../db/keyset';
import type { DB } from '../../db/schema';
import type { CsvRecord } from '../../lib/csv';
import { filteredEmployees } from '../insights/average-score-filters';
import { EMPLOYEE_COLUMNS, type AverageScoreRow } from '../insights/average-scores.repository';
import type { AuthUser } from '../auth/auth-user';
import { rankedStaff } from '../insights/rankings.repository';
import { rankingSizeFor } from '../insights/rankings.service';
import { EXPORT_BATCH_SIZE } from './staff.export';

/**
 * Rankings and average scores, read from the score totals kept on every write (as their lists
 * are), in their lists' orders.
 */

const key = (column: string, direction: SortKey['direction']): SortKey => ({
  expression: sql.ref(column),
  direction,
});

/** Average score desc, then metric count desc, then last name, first name, id: the ranking. */
function scoreOrder(direction: SortKey['direction']): SortKey[] {
  return [
    key('s.average_score', direction),
    key('s.metric_count', direction),
    key('e.last_name', 'asc'),
    key('e.first_name', 'asc'),
    key('e.id', 'asc'),
  ];
}

const NAME_ORDER = (direction: SortKey['direction']): SortKey[] => [
  key('e.last_name', direction),
  key('e.first_name', direction),
  key('e.id', direction),
];

/**
 * The ranking export as `caller` may have it: an employee's holds the top 10 at most, as their
 * screen does (PRODUCT.md section 4); HR's every ranked employee unless `limit` says fewer.
 */
export function rankingExportFor(
  query: RankingExportQuery,
  caller: Pick<AuthUser, 'userType'>,
): RankingExportQuery {
  const limit = rankingSizeFor(caller, query.limit);
  return limit === undefined ? query : { ...query, limit };
}

/** The ranking of every scored employee (or the top `limit`), without email or salary. */
export async function* rankingCsvBatches(
  db: Kysely<DB>,
  query: RankingExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CsvRecord[]> {
  const keys = scoreOrder('desc');
  const wanted = query.limit ?? Infinity;
  const batches = keysetBatches({
    keys,
    batchSize: Math.min(batchSize, wanted),
    fetch(after, limit) {
      let batch = rankedStaff(db).select(keyColumns(keys));
      if (after) batch = batch.where(after);
      for (const k of keys) batch = batch.orderBy(k.expression, k.direction);
      return batch.limit(limit).execute();
    },
  });
  let rank = 0;
  for await (const rows of batches) {
    const records = rows.slice(0, wanted - rank).map((row) => ({
      rank: ++rank,
      employee_id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      position: row.position,
      department: row.department,
      average_score: Number(row.average_score),
      total_metrics: Number(row.metric_count),
    }));
    yield records;
    if (rank >= wanted) return;
  }
}

function toAverageScoreRecord(row: AverageScoreRow): CsvRecord {
  const average = Number(row.average_score ?? 0);
  return {
    employee_id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    position: row.position,
    department: row.department,
    average_score: average,
    total_metrics: Number(row.metric_count ?? 0),
    performance: scoreBand(average).label,
  };
}

/**
 * Every employee with their average score, filtered and sorted as the average-score list: by
 * name, or by score as two runs (the scored staff through the rank index, then the unscored at
 * 0 by name; ascending the other way round), exactly as average-scores.service.ts pages them.
 */
export async function* averageScoreCsvBatches(
  db: Kysely<DB>,
  query: AverageScoreExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CsvRecord[]> {
  const filters = { search: query.search, department: query.department };
  const runs: AsyncGenerator<AverageScoreRow[]>[] = [];
  if (query.sort === 'name') {
    const keys = NAME_ORDER(query.order);
    runs.push(
      keysetBatches({
        keys,
        batchSize,
        fetch(after, limit) {
          let batch = filteredEmployees(db, filters)
            .leftJoin('employee_scores as s', 's.employee_id', 'e.id')
            .select([...EMPLOYEE_COLUMNS, 's.average_score', 's.metric_count'])
            .select(keyColumns(keys));
          if (after) batch = batch.where(after);
          for (const k of keys) batch = batch.orderBy(k.expression, k.direction);
          return batch.limit(limit).execute();
        },
      }),
    );
  } else {
    const scored = () => {
      const keys = scoreOrder(query.order);
      return keysetBatches({
        keys,
        batchSize,
        fetch(after, limit) {
          let batch = filteredEmployees(db, filters)
            .innerJoin('employee_scores as s', 's.employee_id', 'e.id')
            .where('s.metric_count', '>', 0)
            .select([...EMPLOYEE_COLUMNS, 's.average_score', 's.metric_count'])
            .select(keyColumns(keys));
          if (after) batch = batch.where(after);
          for (const k of keys) batch = batch.orderBy(k.expression, k.direction);
          return batch.limit(limit).execute();
        },
      });
    };
    const unscored = () => {
      const keys = NAME_ORDER('asc');
      return keysetBatches({
        keys,
        batchSize,
        fetch(after, limit) {
          let batch = filteredEmployees(db, filters)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('employee_scores as s')
                    .select('s.employee_id')
                    .whereRef('s.employee_id', '=', 'e.id')
                    .where('s.metric_count', '>', 0),
                ),
              ),
            )
            .select([
              ...EMPLOYEE_COLUMNS,
              sql<null>`null`.as('average_score'),
              sql<null>`null`.as('metric_count'),
            ])
            .select(keyColumns(keys));
          if (after) batch = batch.where(after);
          for (const k of keys) batch = batch.orderBy(k.expression, k.direction);
          return batch.limit(limit).execute();
        },
      });
    };
    runs.push(...(query.order === 'desc' ? [scored(), unscored()] : [unscored(), scored()]));
  }
  for (const run of runs) {
    for await (const rows of run) yield rows.map(toAverageScoreRecord);
  }
}
