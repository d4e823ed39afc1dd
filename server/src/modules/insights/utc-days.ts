import type { Period } from '../../lib/calendar';

const DAY_MS = 86_400_000;
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface UtcDaySplit {
  /** From the start of the period to the first UTC midnight in it. */
  head: Period;
  /** Whole UTC days: from `firstDay` (YYYY-MM-DD, inclusive) to `endDay` (exclusive). */
  firstDay: string;
  endDay: string;
  /** From the last UTC midnight in the period to its end. */
  tail: Period;
}

/**
 * Splits a period (a month in the server's time zone, say) into the whole UTC days inside it,
 * which per-day totals answer, and the hours at either end, which an index range answers.
 * In UTC, or any zone whose months start at a UTC midnight, both ends are empty.
 */
export function splitIntoUtcDays({ start, end }: Period): UtcDaySplit {
  const startMs = Date.parse(start);
  const endMs = Date.parse(end);
  const firstMidnight = Math.min(Math.ceil(startMs / DAY_MS) * DAY_MS, endMs);
  const lastMidnight = Math.max(Math.floor(endMs / DAY_MS) * DAY_MS, firstMidnight);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    head: { start, end: iso(firstMidnight) },
    firstDay: dayKey(firstMidnight),
    endDay: dayKey(lastMidnight),
    tail: { start: iso(lastMidnight), end },
  };
}
