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
  countEmployees,
  countScoredEmployees,
  maintainedCounts,
  type AverageScorePage,
  type AverageScoreRow,
} from './average-scores.repository';
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
 * The entries this instance has answered, at the employee's row version and the count and sum
 * the average comes from (average-scores.repository.ts, its `version`): a page reads its keys,
 * and its rows only for an entry not kept (lib/remembered-items.ts).
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

/** The keys of one page read as two runs' parts, in order. No entry shows a table's version. */
function joinedKeys(parts: PageKeys[]): PageKeys {
  const keys = parts.flatMap((part) => (part.keys ? [part.keys] : []));
  return { keys: keys.length > 0 ? keys.join(',') : null, tables: null };
}

export function createAverageScoresService({ db }: { db: Kysely<DB> }) {
  async function counts(filters: AverageScoreFilters) {
    if (filters.search === undefined) return maintainedCounts(db, filters.department);
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
   */
  async function byScore<Part>(
    read: (which: AverageScorePage, window: Window) => Promise<Part>,
    sizeOf: (part: Part) => number,
    direction: 'asc' | 'desc',
    scoredTotal: number,
    total: number,
    page: Window,
  ): Promise<Part[]> {
    const [first, second] =
      direction === 'desc'
        ? [
            { size: scoredTotal, which: 'scored' as const },
            { size: Infinity, which: 'unscored' as const },
          ]
        : [
            { size: total - scoredTotal, which: 'unscored' as const },
            { size: Infinity, which: 'scored' as const },
          ];
    const parts: Part[] = [];
    let taken = 0;
    if (page.offset < first.size) {
      const part = await read(first.which, page);
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
      // The name order needs no count first: its keys bring the kept total, or a search's count
      // is asked for beside them.
      const known = query.sort === 'name' ? null : await counts(filters);
      const direction = query.order;
      /** The page's parts, each read by `run`: by name one, by score one or two. */
      const parts = async <Part>(
        run: (which: AverageScorePage, window: Window) => Promise<Part>,
        sizeOf: (part: Part) => number,
      ) =>
        known
          ? byScore(run, sizeOf, direction, known.scored, known.total, page)
          : [await run('byName', page)];
      const readKeys = async () =>
        joinedKeys(
          await parts(
            (which, window) => averageScorePage.keys(db, which, filters, direction, window),
            keysIn,
          ),
        );
      const readRows = async () =>
        (
          await parts(
            (which, window) => averageScorePage.rows(db, which, filters, direction, window),
            (rows) => rows.length,
          )
        ).flat();
      // The name order's keys bring the total kept by triggers when there is no search.
      const byName = async () => {
        const keysOfPage = () => averageScorePage.keys(db, 'byName', filters, direction, page);
        if (filters.search === undefined) {
          const read = await keysOfPage();
          return [Number(read.list_total ?? 0), read] as const;
        }
        const [{ total: all }, read] = await Promise.all([counts(filters), keysOfPage()]);
        return [all, read] as const;
      };
      const [total, keys] = known ? [known.total, await readKeys()] : await byName();
      const employees = await pageThrough(
        rememberedEntries(db),
        keys,
        readRows,
        (row) => ({
          key: itemKey(row.id, row.version, null),
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
