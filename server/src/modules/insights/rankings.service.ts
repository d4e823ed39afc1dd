import type { Kysely } from 'kysely';
import type { RankingEntry, Rankings, Top10Status } from '#contract/insights';
import type { DB } from '../../db/schema';
import { createRememberedAnswers } from '../../lib/remembered-answers';
import { unchanging } from '../../lib/unchanging';
import type { AuthUser } from '../auth/auth-user';
import { rankingVersion, staffAhead, topRanked, type RankedRow } from './rankings.repository';

export const TOP_TEN = 10;

/**
 * How many of the ranking a caller may see: HR (managers and admins) as many as they ask for, an
 * employee the top 10 at most (PRODUCT.md section 4), whatever `limit` says. `wanted` undefined
 * means the whole ranking.
 */
export function rankingSizeFor(caller: Pick<AuthUser, 'userType'>, wanted: number): number;
export function rankingSizeFor(
  caller: Pick<AuthUser, 'userType'>,
  wanted: number | undefined,
): number | undefined;
export function rankingSizeFor(caller: Pick<AuthUser, 'userType'>, wanted: number | undefined) {
  if (caller.userType !== 'employee') return wanted;
  return Math.min(wanted ?? TOP_TEN, TOP_TEN);
}

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
 * The caller's own standing from the staff ahead of them (`staffAhead`): null for one with no
 * metric value, who is unranked.
 */
function top10StatusFrom(ahead: unknown): Top10Status {
  const rank = ahead === null || ahead === undefined ? null : Number(ahead) + 1;
  return { is_in_top_10: rank !== null && rank <= TOP_TEN, current_rank: rank };
}

/** How many different `limit`s keep a remembered ranking. */
const REMEMBERED_LIMITS = 8;
/** How many callers' standings an instance remembers: the product's scale, 10,000 staff. */
const REMEMBERED_STANDINGS = 10_000;
/** An account without an employee record. */
const UNRANKED: Top10Status = unchanging({ is_in_top_10: false, current_rank: null });

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
  /**
   * Each caller's top-10 status, with the ranking version it was read at (which moves with
   * anything any ranking shows): a sign-in, a bonus or an answered question leaves it as it was,
   * where the response cache's data version moves with every write.
   */
  const standings = createRememberedAnswers<number, Top10Status>(REMEMBERED_STANDINGS);

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
     * The caller's standing: the one this instance answered them at the ranking version the
     * guard read, or read now with the staff ahead of them. `versionByGuard` is undefined when
     * the guard did not read it (it expected the response cache to answer).
     */
    async top10Status(
      caller: Pick<AuthUser, 'employeeId'>,
      versionByGuard?: unknown,
    ): Promise<Top10Status> {
      const employeeId = caller.employeeId;
      if (employeeId === null) return UNRANKED;
      if (versionByGuard !== undefined) {
        const known = standings.at(employeeId, Number(versionByGuard));
        if (known) return known;
      }
      const { ahead, version } = await staffAhead(db, employeeId);
      const answer = unchanging(top10StatusFrom(ahead));
      standings.remember(employeeId, version, answer);
      return answer;
    },
  };
}
