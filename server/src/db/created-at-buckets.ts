import { sql, type RawBuilder } from 'kysely';

/** The two databases, where a statement's text must differ between them. */
export type Engine = 'postgres' | 'sqlite';

/**
 * Counts kept on every write of a list read newest first (`created_at desc, id desc`), one row
 * per bucket of `created_at`: the days and hours of metric values (migrations 0034 and 0033),
 * the UTC days of bonuses (0004). A deep page of the whole list skips whole buckets by their
 * counts instead of walking every row before it, and walks only the rows of the bucket it
 * starts in.
 */
export interface CreatedAtBuckets {
  table: 'metric_value_days' | 'metric_value_hours' | 'daily_bonus_totals';
  bucket: 'day' | 'hour';
  count: 'value_count' | 'bonus_count';
  /**
   * By engine: the first `created_at` the bucket may hold, for buckets with finer ones within
   * them (a day's hours are those from its start to its end).
   */
  start?: Record<Engine, RawBuilder<unknown>>;
  /** By engine: the `created_at` that the bucket's rows, and every older row, are before. */
  end: Record<Engine, RawBuilder<unknown>>;
}

/** A list read newest first whose buckets of `created_at` are counted. */
export interface CountedList {
  table: 'performance_metrics' | 'bonuses';
  /** How many rows it holds, kept in the same transactions as its buckets' counts. */
  total: RawBuilder<unknown>;
  /** Its buckets, coarsest first, each level's looked for within the one found before. */
  levels: readonly CreatedAtBuckets[];
}

/**
 * The bucket of `list.levels[level]` holding the row `offset` rows after the newest: its
 * `since` and `bound` (start and end), and `before`, the rows of every bucket after it. Past the
 * first level the buckets looked at are those within the bucket found at the level before
 * (bucket<n-1>), summed newest first; at the first, from whichever end of the list is nearer
 * the offset, so the deepest pages sum no more buckets than the shallow ones.
 *
 * It is the one row whose counts span the offset, so `limit 1` needs no order: both engines
 * then stop summing there (with `order by` SQLite summed every bucket first). A bucket left at
 * 0 spans nothing. The direction not taken has a limit of 0, so neither engine reads a bucket for
 * it (tested in a `where`, SQLite tested it on every bucket). The buckets found are
 * materialized: SQLite otherwise found them again for each subquery reading them.
 */
function bucketAt(list: CountedList, level: number, offset: number, engine: Engine) {
  const { table, start, end, ...names } = list.levels[level]!;
  const [count, bucket] = [sql.ref(names.count), sql.ref(names.bucket)];
  const found = sql`${start?.[engine] ?? sql`null`} as since, ${end[engine]} as bound`;
  const summed = (order: 'asc' | 'desc', where = sql``) => sql`select ${bucket},
      ${count}, sum(${count}) over (order by ${bucket} ${sql.raw(order)} rows unbounded preceding)
      as through
    from ${sql.table(table)} ${where}`;
  if (level > 0) {
    const outer = sql.table(`bucket${level - 1}`);
    const skipped = sql`(select before from ${outer})`;
    const within = sql`where ${bucket} >= (select since from ${outer})
      and ${bucket} < (select bound from ${outer})`;
    return sql`select ${found}, ${skipped} + through - ${count} as before
      from (${summed('desc', within)}) counted
      where ${skipped} + through > ${offset} and ${skipped} + through - ${count} <= ${offset}
      limit 1`;
  }
  const { total } = list;
  // From the oldest end `through` counts the rows of this bucket and every older one.
  return sql`select * from (
      select ${found}, through - ${count} as before
      from (${summed('desc')}) counted
      where through > ${offset} and through - ${count} <= ${offset}
      limit case when ${offset} * 2 < ${total} then 1 else 0 end
    ) newest
    union all
    select * from (
      select ${found}, ${total} - through as before
      from (${summed('asc')}) counted
      where ${total} - through <= ${offset} and ${total} - through + ${count} > ${offset}
      limit case when ${offset} * 2 >= ${total} then 1 else 0 end
    ) oldest`;
}

/**
 * `columns` of the page of the list's rows, newest first, `offset` rows after the newest, walked
 * from the end of the bucket its first row is in: found at each of its levels in turn, coarsest
 * first, each within the one before. Past the last row no bucket is found and the page is empty.
 */
export function pageFromBuckets(
  list: CountedList,
  engine: Engine,
  columns: RawBuilder<unknown>,
  limit: number,
  offset: number,
): RawBuilder<unknown> {
  const found = sql.table(`bucket${list.levels.length - 1}`);
  const buckets = list.levels.map(
    (_, level) =>
      sql`${sql.table(`bucket${level}`)} as materialized (${bucketAt(list, level, offset, engine)})`,
  );
  return sql`with ${sql.join(buckets)}
    select ${columns} from ${sql.table(list.table)}
    where created_at < (select bound from ${found})
    order by created_at desc, id desc
    limit ${limit} offset ${offset} - coalesce((select before from ${found}), 0)`;
}
