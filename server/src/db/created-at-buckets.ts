import { sql, type RawBuilder } from 'kysely';

/** The two databases, where a statement's text must differ between them. */
export type Engine = 'postgres' | 'sqlite';

/**
 * Counts kept on every write of a list read newest first (`created_at desc, id desc`), one row
 * per bucket of `created_at`: the hours of metric values (migration 0033), the UTC days of
 * bonuses (0004). A deep page of the whole list skips whole buckets by their counts instead of
 * walking every row before it, and walks only the rows of the bucket it starts in.
 */
export interface CreatedAtBuckets {
  table: 'metric_value_hours' | 'daily_bonus_totals';
  bucket: 'hour' | 'day';
  count: 'value_count' | 'bonus_count';
  /** By engine: the `created_at` that the bucket's rows, and every older row, are before. */
  end: Record<Engine, RawBuilder<unknown>>;
}

/**
 * The bucket holding the row `offset` rows after the newest: its `end`, and `before`, the rows
 * of the buckets after it. It is the one row whose counts span the offset, so `limit 1` needs no
 * order: both engines then stop summing there (with `order by` SQLite summed every bucket
 * first, 3.8 ms at 8,761 hours against 13 µs for page 20). A bucket left at 0 spans nothing.
 */
function startingBucket(buckets: CreatedAtBuckets, offset: number, engine: Engine) {
  const [count, bucket] = [sql.ref(buckets.count), sql.ref(buckets.bucket)];
  return sql`select ${buckets.end[engine]} as bound, through - ${count} as before
    from (
      select ${bucket}, ${count},
        sum(${count}) over (order by ${bucket} desc rows unbounded preceding) as through
      from ${sql.table(buckets.table)}
    ) counted
    where through > ${offset} and through - ${count} <= ${offset}
    limit 1`;
}

/**
 * `columns` of the page of `table`'s rows, newest first, `offset` rows after the newest, walked
 * from the end of the bucket its first row is in. Past the last row the bucket is not found and
 * the page is empty.
 */
export function pageFromBuckets(
  table: 'performance_metrics' | 'bonuses',
  buckets: CreatedAtBuckets,
  engine: Engine,
  columns: RawBuilder<unknown>,
  limit: number,
  offset: number,
): RawBuilder<unknown> {
  return sql`with start as (${startingBucket(buckets, offset, engine)})
    select ${columns} from ${sql.table(table)}
    where created_at < (select bound from start)
    order by created_at desc, id desc
    limit ${limit} offset ${offset} - coalesce((select before from start), 0)`;
}
