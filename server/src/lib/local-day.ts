let day = '';
let nextDayAt = 0;

/**
 * The calendar day in the server's time zone (what "this month" and semesters are counted in),
 * as `Y-M-D`: part of every key of an answer that may change at midnight with no write.
 * Recomputed only once the day has passed.
 */
export function localDay(): string {
  const now = Date.now();
  if (now >= nextDayAt) {
    const date = new Date(now);
    day = `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
    nextDayAt = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
  }
  return day;
}
