import type { Kysely } from 'kysely';
import type { RankingEntry, Top10Status } from '#contract/insights';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../auth/auth-user';
import { rankOf, topRanked, type RankedRow } from './rankings.repository';

export const TOP_TEN = 10;

/** Rank is the position in the ranking order: ties are already broken, so ranks are 1..n. */
export function toRankingEntry(row: RankedRow, index: number): RankingEntry {
  return {
    id: row.id,
    rank: index + 1,
    first_name: row.first_name,
    last_name: row.last_name,
    position: row.position,
    department: row.department,
    average_score: Number(row.average_score),
    total_metrics: Number(row.metric_count),
  };
}

export function createRankingsService({ db }: { db: Kysely<DB> }) {
  return {
    async rankings(limit: number): Promise<RankingEntry[]> {
      return (await topRanked(db, limit)).map(toRankingEntry);
    },

    /** The caller's own standing; an account without an employee record is unranked. */
    async top10Status(caller: Pick<AuthUser, 'employeeId'>): Promise<Top10Status> {
      const rank = caller.employeeId === null ? undefined : await rankOf(db, caller.employeeId);
      return { is_in_top_10: rank !== undefined && rank <= TOP_TEN, current_rank: rank ?? null };
    },
  };
}
