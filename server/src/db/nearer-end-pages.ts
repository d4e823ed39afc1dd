import { sql, type RawBuilder } from 'kysely';

/** A whole list read newest first (`created_at desc, id desc`) whose length is kept on write. */
export interface KeptList {
  table: 'performance_metrics' | 'bonuses';
  /**
   * How many rows it holds, kept in the same transactions as its rows (insight_totals), so the
   * statement reading it and the rows sees the two agree.
   */
  total: RawBuilder<unknown>;
}

/**
 * `columns` of the page of `list`, `limit` rows `offset` rows after the newest, read from the
 * nearer end of the list through its (created_at, id) order: from the newest while the offset is
 * under half the total, otherwise from the oldest, in ascending order, skipping the rows older
 * than the page (`total - offset - limit`, at least 0; the last page's limit shortened to the
 * rows left, none past the end). Either way no more than half the list is skipped. The rows come
 * in no particular order: the statement around it puts them back newest first.
 *
 * Both directions are in the one statement, the one not taken with a limit of 0: neither engine
 * then reads a row for it. The list's total is read in the same statement, so it is the number
 * of rows the statement sees.
 */
export function pageFromNearerEnd(
  list: KeptList,
  columns: RawBuilder<unknown>,
  limit: number,
  offset: number,
): RawBuilder<unknown> {
  const table = sql.table(list.table);
  const total = sql`coalesce(${list.total}, 0)`;
  const fromNewest = sql`${offset} * 2 < ${total}`;
  // Rows from the oldest to the page's oldest row, inclusive; 0 or less past the end.
  const left = sql`${total} - ${offset}`;
  return sql`select * from (
      select ${columns} from ${table}
      order by created_at desc, id desc
      limit case when ${fromNewest} then ${limit} else 0 end offset ${offset}
    ) newest
    union all
    select * from (
      select ${columns} from ${table}
      order by created_at asc, id asc
      limit case when ${fromNewest} or ${left} <= 0 then 0
        when ${left} < ${limit} then ${left} else ${limit} end
      offset case when ${left} > ${limit} then ${left} - ${limit} else 0 end
    ) oldest`;
}
