import type { Kysely } from 'kysely';
import type { AverageScoreEntry, AverageScores, AverageScoresQuery } from '#contract/insights';
import type { DB } from '../../db/schema';
import {
  itemKey,
  pageThrough,
  rememberedItemsPerDatabase,
  type PageKeys,
} from '../../lib/remembered-items';
import {
  averageScorePage,
  type AverageScorePage,
  type AverageScoreRow,
} from './average-scores.repository';
import { countEmployees, countScoredEmployees } from './average-score-counts';
import type { AverageScoreFilters } from './average-score-filters';

export function toAverageScoreEntry(row: AverageScoreRow): AverageScoreEntry {
  const average = Number(row.average_score ?? 0);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    position: row.position,
    department: row.department,
    performance_metrics: { average_value: average, total_metrics: Number(row.metric_count ?? 0) },
    average_score: average,
  };
}

/**
 * The entries this instance has answered, at the count and sum the average comes from and the
 * version of `employees` (average-scores.repository.ts, `VERSION`): a page reads its keys, and
 * its rows only for an entry not kept (lib/remembered-items.ts).
 */
const rememberedEntries = rememberedItemsPerDatabase<AverageScoreEntry>(10_000);

type Window = { limit: number; offset: number };

/** How many entries a page's keys name. */
function keysIn({ keys }: PageKeys): number {
  if (!keys) return 0;
  let count = 1;
  for (let at = keys.indexOf(','); at >= 0; at = keys.indexOf(',', at + 1)) count++;
  return count;
}

/**
 * The keys of one page read as two runs' parts, in order. Parts read at other versions of the
 * tables (a write came between them) name no versions: the page is then read whole, and not
 * kept (lib/remembered-items.ts).
 */
function joinedKeys(parts: PageKeys[]): PageKeys {
  const keys = parts.flatMap((part) => (part.keys ? [part.keys] : []));
  const tables = parts[0]?.tables ?? null;
  const alike = parts.every((part) => part.tables === tables);
  return { keys: keys.length > 0 ? keys.join(',') : null, tables: alike ? tables : null };
}

type Counts = { total: number; scored: number };

export function createAverageScoresService({ db }: { db: Kysely<DB> }) {
  /** A search's staff and scored staff, counted (with no search the keys bring them). */
  async function searchCounts(filters: AverageScoreFilters): Promise<Counts> {
    const [total, scored] = await Promise.all([
      countEmployees(db, filters),
      countScoredEmployees(db, filters),
    ]);
    return { total, scored };
  }

  /**
   * Sorted by score, the list is two runs: the scored staff (through the rank index) and the
   * unscored staff at 0 (by name). Descending puts the scored first; ascending the unscored.
   * A page takes what it needs from the first run and the rest from the second: `read` reads a
   * run's part of it (its keys, or its rows), `sizeOf` tells how many entries a part has.
   * `firstPart`: the first run's part, already read (with the counts).
   */
  async function byScore<Part>(
    read: (which: AverageScorePage, window: Window) => Promise<Part>,
    sizeOf: (part: Part) => number,
    direction: 'asc' | 'desc',
    { scored, total }: Counts,
    page: Window,
    firstPart?: Part,
  ): Promise<Part[]> {
    const [first, second] =
      direction === 'desc'
        ? [
            { size: scored, which: 'scored' as const },
            { size: Infinity, which: 'unscored' as const },
          ]
        : [
            { size: total - scored, which: 'unscored' as const },
            { size: Infinity, which: 'scored' as const },
          ];
    const parts: Part[] = [];
    let taken = 0;
    if (page.offset < first.size) {
      const part = firstPart ?? (await read(first.which, page));
      parts.push(part);
      taken = sizeOf(part);
    }
    const missing = page.limit - taken;
    if (missing > 0) {
      parts.push(
        await read(second.which, {
          limit: missing,
          offset: Math.max(0, page.offset - first.size),
        }),
      );
    }
    return parts;
  }

  return {
    async list(query: AverageScoresQuery): Promise<AverageScores> {
      const filters = { search: query.search, department: query.department };
      const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
      const direction = query.order;
      const keysOf = (which: AverageScorePage, window: Window, counted = false) =>
        averageScorePage.keys(db, which, filters, direction, window, { counted });
      const rowsOf = (which: AverageScorePage, window: Window) =>
        averageScorePage.rows(db, which, filters, direction, window);

      /** The page's keys and the list's total, and how its rows are read if need be. */
      const byName = async () => {
        const readRows = () => rowsOf('byName', page);
        // Without a search, the keys bring the total kept by triggers.
        if (filters.search === undefined) {
          const keys = await keysOf('byName', page);
          return { keys, total: Number(keys.list_total ?? 0), readRows };
        }
        const [{ total }, keys] = await Promise.all([
          searchCounts(filters),
          keysOf('byName', page),
        ]);
        return { keys, total, readRows };
      };
      const scoreOrder = async () => {
        let counts: Counts;
        let firstPart: PageKeys | undefined;
        if (filters.search === undefined) {
          // The first run's keys bring the counts, which say whether and where the second starts.
          const first = direction === 'desc' ? 'scored' : 'unscored';
          const read = await keysOf(first, page, true);
          counts = { total: Number(read.list_total ?? 0), scored: Number(read.scored_total ?? 0) };
          firstPart = read;
        } else {
          counts = await searchCounts(filters);
        }
        const parts = await byScore(keysOf, keysIn, direction, counts, page, firstPart);
        const readRows = async () =>
          (await byScore(rowsOf, (rows) => rows.length, direction, counts, page)).flat();
        return { keys: joinedKeys(parts), total: counts.total, readRows };
      };

      const { keys, total, readRows } = query.sort === 'name' ? await byName() : await scoreOrder();
      const employees = await pageThrough(
        rememberedEntries(db),
        keys,
        readRows,
        (row) => ({
          key: itemKey(row.id, row.version, row.tables),
          item: () => toAverageScoreEntry(row),
        }),
        `${query.sort} ${query.order}`,
      );
      return {
        employees,
        pagination: { page: query.page, limit: query.limit, total },
      };
    },
  };
}
