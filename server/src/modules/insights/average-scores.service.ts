import type { Kysely } from 'kysely';
import type { AverageScoreEntry, AverageScores, AverageScoresQuery } from '#contract/insights';
import type { DB } from '../../db/schema';
import { pageThrough, rememberedItemsPerDatabase } from '../../lib/remembered-items';
import {
  averageScorePage,
  countEmployees,
  countScoredEmployees,
  maintainedCounts,
  type AverageScoreFilters,
  type AverageScoreKey,
  type AverageScoreRow,
} from './average-scores.repository';

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
 * the average comes from: a page reads its keys, and its rows only for an entry not kept
 * (lib/remembered-items.ts).
 */
const rememberedEntries = rememberedItemsPerDatabase<AverageScoreEntry>(10_000);
const entryKey = (row: AverageScoreKey) => ({
  id: row.id,
  version: `${row.row_version}.${row.metric_count ?? ''}.${row.value_sum_hundredths ?? ''}`,
});

type Window = { limit: number; offset: number };

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
   * A page takes what it needs from the first run and the rest from the second. `read`: the
   * page's keys, or its rows.
   */
  async function byScore<Read extends 'keys' | 'rows'>(
    read: Read,
    filters: AverageScoreFilters,
    direction: 'asc' | 'desc',
    scoredTotal: number,
    total: number,
    page: Window,
  ): ReturnType<typeof averageScorePage<Read>> {
    const run = (which: 'scored' | 'unscored') => (window: Window) =>
      averageScorePage(db, which, read, filters, direction, window) as Promise<unknown[]>;
    const [first, second] =
      direction === 'desc'
        ? [
            { size: scoredTotal, list: run('scored') },
            { size: Infinity, list: run('unscored') },
          ]
        : [
            { size: total - scoredTotal, list: run('unscored') },
            { size: Infinity, list: run('scored') },
          ];
    const rows = page.offset < first.size ? await first.list(page) : [];
    const missing = page.limit - rows.length;
    if (missing > 0) {
      rows.push(
        ...(await second.list({ limit: missing, offset: Math.max(0, page.offset - first.size) })),
      );
    }
    return rows as Awaited<ReturnType<typeof averageScorePage<Read>>>;
  }

  return {
    async list(query: AverageScoresQuery): Promise<AverageScores> {
      const filters = { search: query.search, department: query.department };
      const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
      // The name order needs no count first: it is asked for beside the page.
      const known = query.sort === 'name' ? null : await counts(filters);
      const read = <Read extends 'keys' | 'rows'>(what: Read) =>
        known
          ? byScore(what, filters, query.order, known.scored, known.total, page)
          : averageScorePage(db, 'byName', what, filters, query.order, page);
      const [total, keys] = await Promise.all([
        known?.total ?? counts(filters).then(({ total: all }) => all),
        read('keys'),
      ]);
      const employees = await pageThrough(
        rememberedEntries(db),
        keys.map(entryKey),
        () => read('rows'),
        (row) => ({
          key: entryKey(row),
          item: toAverageScoreEntry(row),
        }),
      );
      return {
        employees,
        pagination: { page: query.page, limit: query.limit, total },
      };
    },
  };
}
