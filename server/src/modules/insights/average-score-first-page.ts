import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pageKeysText } from '../../db/page-keys';
import { keptCounts } from './average-score-counts';
import { byShape, type FilterValues } from './average-score-filters';
import { VERSION, shownTables, type Ordered, type PageValues } from './average-score-versions';

/**
 * The keys of the first page by name of the whole staff, from two walks of `limit` rows in the
 * page's order and no join: the staff's ids by name, and the score rows by name with their
 * versions (migration 0032). The second holds the score row of every employee on the page: a
 * score row carries its employee's names (0022), so those of the page's staff come before any
 * other's. The short reads' connection joins by nested loops only (db/postgres-pool.ts): joined,
 * each of the page's score rows was one more index lookup, a large share of the statement.
 * `keysWithScores` pairs them.
 */
const firstNamePage = byShape((db, shape: Ordered, values: FilterValues & PageValues) => {
  const d = shape.direction;
  const staff = db
    .selectFrom('employees as e')
    .select('e.id')
    .orderBy('e.last_name', d)
    .orderBy('e.first_name', d)
    .orderBy('e.id', d)
    .limit(values.limit);
  const scores = db
    .selectFrom('employee_scores as s')
    .select(['s.employee_id as id', VERSION.scored])
    .orderBy('s.last_name', d)
    .orderBy('s.first_name', d)
    .orderBy('s.employee_id', d)
    .limit(values.limit);
  return db.selectNoFrom([
    sql<string | null>`(select string_agg(cast(k.id as text), ',') from ${staff.as('k')})`.as(
      'ids',
    ),
    sql<string | null>`(select ${pageKeysText(sql`k.id`, sql`k.version`)}
      from ${scores.as('k')})`.as('scored'),
    shownTables(),
    keptCounts(shape, values).total.as('list_total'),
  ]);
});

/**
 * The page's keys (`id version,…`) from its ids and the score rows' keys read beside them, both
 * as the walks gave them: in the page's order, in which an employee's score row comes where they
 * do. Were they ever aggregated in another order, a scored employee would get the version of
 * none, and the page would be read whole, as when a write changed it: slower, never wrong.
 */
function keysWithScores(ids: string | null, scored: string | null): string | null {
  if (ids === null) return null;
  let keys = '';
  let at = 0;
  for (const id of ids.split(',')) {
    if (keys !== '') keys += ',';
    if (scored?.startsWith(`${id} `, at)) {
      const end = scored.indexOf(',', at);
      const stop = end === -1 ? scored.length : end;
      keys += scored.slice(at, stop);
      at = stop + 1;
    } else {
      // No score row: the version a left join to none gives (VERSION.scored).
      keys += `${id} .`;
    }
  }
  return keys;
}

/** The first page by name of the whole staff (no filter, offset 0): its keys and the total. */
export async function firstPageByName(
  db: Kysely<DB>,
  shape: Ordered,
  values: FilterValues & PageValues,
) {
  const [row] = await firstNamePage(db, shape, values);
  const { ids, scored, ...rest } = row!;
  return { ...rest, keys: keysWithScores(ids, scored) };
}
