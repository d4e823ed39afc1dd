import type { Kysely } from 'kysely';
import type { AverageScoreEntry, AverageScores, AverageScoresQuery } from '#contract/insights';
import type { DB } from '../../db/schema';
import {
  countEmployees,
  countScoredEmployees,
  listByName,
  listScored,
  listUnscored,
  maintainedCounts,
  type AverageScoreFilters,
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
   * A page takes what it needs from the first run and the rest from the second.
   */
  async function byScore(
    filters: AverageScoreFilters,
    direction: 'asc' | 'desc',
    scoredTotal: number,
    total: number,
    page: { limit: number; offset: number },
  ): Promise<AverageScoreRow[]> {
    const runs =
      direction === 'desc'
        ? [
            { size: scoredTotal, list: (p: typeof page) => listScored(db, filters, 'desc', p) },
            { size: Infinity, list: (p: typeof page) => listUnscored(db, filters, p) },
          ]
        : [
            { size: total - scoredTotal, list: (p: typeof page) => listUnscored(db, filters, p) },
            { size: Infinity, list: (p: typeof page) => listScored(db, filters, 'asc', p) },
          ];
    const [first, second] = runs as [(typeof runs)[0], (typeof runs)[0]];
    const rows = page.offset < first.size ? await first.list(page) : [];
    const missing = page.limit - rows.length;
    if (missing > 0) {
      rows.push(
        ...(await second.list({ limit: missing, offset: Math.max(0, page.offset - first.size) })),
      );
    }
    return rows;
  }

  return {
    async list(query: AverageScoresQuery): Promise<AverageScores> {
      const filters = { search: query.search, department: query.department };
      const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
      let total: number;
      let rows: AverageScoreRow[];
      if (query.sort === 'name') {
        // The name order needs no count first: ask for both at once.
        [{ total }, rows] = await Promise.all([
          counts(filters),
          listByName(db, filters, query.order, page),
        ]);
      } else {
        const known = await counts(filters);
        total = known.total;
        rows = await byScore(filters, query.order, known.scored, total, page);
      }
      return {
        employees: rows.map(toAverageScoreEntry),
        pagination: { page: query.page, limit: query.limit, total },
      };
    },
  };
}
