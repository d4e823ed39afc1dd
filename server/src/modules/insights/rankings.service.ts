import type { Kysely } from 'kysely';
import type { RankingEntry, Rankings, Top10Status } from '#contract/insights';
import type { DB } from '../../db/schema';
import { unchanging } from '../../lib/unchanging';
import type { AuthUser } from '../auth/auth-user';
import { rankingVersion, staffAhead, topRanked, type RankedRow } from './rankings.repository';

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

/**
 * The caller's own standing from the staff ahead of them (`staffAheadOfCaller`): null for an
 * account without an employee record or with no metric value, who is unranked.
 */
export function top10StatusFrom(ahead: unknown): Top10Status {
  const rank = ahead === null || ahead === undefined ? null : Number(ahead) + 1;
  return { is_in_top_10: rank !== null && rank <= TOP_TEN, current_rank: rank };
}

/** How many different `limit`s keep a remembered ranking. */
const REMEMBERED_LIMITS = 8;

export function createRankingsService({ db }: { db: Kysely<DB> }) {
  /**
   * The top N is asked for far more often than scores change, so the last answer per limit is
   * kept with the version it was computed at: an answer is reused only while nothing it shows
   * has changed, on this instance or any other. The version is the data version the guard read
   * with the caller's account (it moves with every write to anything the API shows, rankings
   * included), which spares a round trip to the database; without one, the ranking version.
   * The answer is handed out `unchanging`, so it is also serialised once.
   */
  const remembered = new Map<number, { version: string; answer: Rankings }>();

  return {
    async rankings(limit: number, dataVersion: number | null = null): Promise<Rankings> {
      // Read before the query: whatever the query then sees is at least that new.
      const version =
        dataVersion === null ? `ranking ${await rankingVersion(db)}` : `data ${dataVersion}`;
      const known = remembered.get(limit);
      if (known?.version === version) return known.answer;
      const answer = unchanging({ rankings: (await topRanked(db, limit)).map(toRankingEntry) });
      remembered.delete(limit);
      remembered.set(limit, { version, answer });
      if (remembered.size > REMEMBERED_LIMITS) remembered.delete(remembered.keys().next().value!);
      return answer;
    },

    /**
     * The caller's standing, from the staff ahead of them as the guard read them, or read now
     * when it did not (it expected the response cache to answer, and the data changed since).
     */
    async top10Status(caller: Pick<AuthUser, 'employeeId'>, readByGuard: unknown) {
      const ahead =
        readByGuard === undefined ? await staffAhead(db, caller.employeeId) : readByGuard;
      return top10StatusFrom(ahead);
    },
  };
}
