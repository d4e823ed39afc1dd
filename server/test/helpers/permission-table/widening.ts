// What the widening cases of the permission table share: a ranking longer than the top 10.
import { expect } from 'vitest';
import type { RouteFixtures } from '../route-fixtures';
import type { CallResult } from '../test-app';
import type { WideningCase } from './types';

/** What PRODUCT.md section 4 shows an employee of the rankings. */
export const EMPLOYEE_RANKING_SIZE = 10;
/** How many are ranked once `rankedBeyondTopTen` has run: well past the employee's 10. */
const RANKED_AT_LEAST = 14;

const seeded = new WeakMap<RouteFixtures, Promise<void>>();

/**
 * Makes sure more staff are ranked than an employee may see, so that a cap is visible: fresh
 * employees with a value of 55 each, below both the fixtures' own (64 and 97), so that the
 * fixtures' employees keep the first two places. Once per set of fixtures.
 */
export function rankedBeyondTopTen(fx: RouteFixtures): Promise<void> {
  let done = seeded.get(fx);
  if (!done) {
    done = (async () => {
      for (let i = 0; i < RANKED_AT_LEAST; i++) await fx.freshMetricValue();
    })();
    seeded.set(fx, done);
  }
  return done;
}

/** The data rows of a CSV answer (without the byte order mark, the header and the last break). */
export function csvRows(answer: CallResult): string[] {
  const lines = answer.text.replace(/^\uFEFF/, '').split('\r\n');
  return lines.slice(1).filter((line) => line !== '');
}

/** The ranks in an answer of the rankings, as JSON or as CSV. */
function ranksOf(answer: CallResult): number[] {
  if (String(answer.headers['content-type']).startsWith('text/csv')) {
    return csvRows(answer).map((row) => Number(row.split(',')[0]));
  }
  return (answer.body.data.rankings as { rank: number }[]).map((entry) => entry.rank);
}

/**
 * The rankings asked for with `query`: an employee gets the top 10 and no more, HR (with the
 * same query) everything it asks for, more than 10, so the employee's cap is no accident.
 */
export function rankingWidening(path: string, query: string): WideningCase[] {
  const request = async (fx: RouteFixtures) => {
    await rankedBeyondTopTen(fx);
    return { url: `${path}${query}` };
  };
  return [
    {
      what: `${query || 'no limit'}: the top 10 only`,
      caller: 'employee',
      request,
      holds(answer) {
        const ranks = ranksOf(answer);
        expect(ranks).toEqual(Array.from({ length: EMPLOYEE_RANKING_SIZE }, (_, i) => i + 1));
      },
    },
    {
      what: `${query || 'no limit'}: HR keeps what it asks for`,
      caller: 'manager',
      request,
      holds(answer) {
        expect(ranksOf(answer).length).toBeGreaterThanOrEqual(RANKED_AT_LEAST);
      },
    },
  ];
}

/**
 * One's own records asked for with another employee's id (and a whole page): the employee gets
 * exactly what the plain address gives them, and `own` checks each record is theirs.
 */
export function ownDataWidening(
  plainUrl: string,
  query: (fx: RouteFixtures) => string,
  own?: (data: Record<string, unknown>, fx: RouteFixtures) => void,
): WideningCase {
  return {
    what: "another employee's id: one's own records only",
    caller: 'employee',
    request: async (fx) => ({ url: `${plainUrl}?${query(fx)}` }),
    async holds(answer, fx) {
      const plain = await fx.ctx().call('GET', plainUrl, { token: fx.tokenOf('employee') });
      expect(plain.status).toBe(200);
      expect(answer.body.data).toEqual(plain.body.data);
      own?.(answer.body.data, fx);
    },
  };
}
