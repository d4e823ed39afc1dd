/**
 * Calendar arithmetic in the server's time zone (TZ), as PRODUCT.md section 3 asks for "this
 * month" and semesters. JavaScript's local-time Date methods follow TZ, so no library is needed.
 */

export interface Period {
  /** Inclusive start, ISO instant. */
  start: string;
  /** Exclusive end, ISO instant. */
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM of an instant in the server's time zone: the key of monthly score totals. */
export function monthKey(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
}

function localMonthStart(year: number, monthIndex: number): Date {
  return new Date(year, monthIndex, 1, 0, 0, 0, 0);
}

/** The calendar month containing `now`, local time. */
export function monthContaining(now: Date = new Date()): Period {
  const start = localMonthStart(now.getFullYear(), now.getMonth());
  const end = localMonthStart(now.getFullYear(), now.getMonth() + 1);
  return { start: start.toISOString(), end: end.toISOString() };
}

export interface Semester extends Period {
  /** The YYYY-MM keys of the months it spans. */
  months: string[];
}

function semesterFrom(year: number, startMonthIndex: number, lengthInMonths: number): Semester {
  const start = localMonthStart(year, startMonthIndex);
  const end = localMonthStart(year, startMonthIndex + lengthInMonths);
  const months: string[] = [];
  for (let i = 0; i < lengthInMonths; i++)
    months.push(monthKey(localMonthStart(year, startMonthIndex + i)));
  return { start: start.toISOString(), end: end.toISOString(), months };
}

/**
 * The semester containing `now` and the one before it. `startMonths` are 1-based months in which
 * a semester begins (default January and July).
 */
export function currentAndPreviousSemester(
  startMonths: readonly number[],
  now: Date = new Date(),
): { current: Semester; previous: Semester } {
  const starts = [...new Set(startMonths)].sort((a, b) => a - b).map((m) => m - 1);
  // Every semester start in last year, this year and next year, in order.
  const year = now.getFullYear();
  const boundaries = [year - 1, year, year + 1].flatMap((y) =>
    starts.map((monthIndex) => ({ year: y, monthIndex })),
  );
  const at = (b: { year: number; monthIndex: number }) => localMonthStart(b.year, b.monthIndex);
  let index = boundaries.findLastIndex((b) => at(b) <= now);
  if (index < 1) index = 1;
  const semester = (i: number) => {
    const from = boundaries[i]!;
    const to = boundaries[i + 1]!;
    const length = (to.year - from.year) * 12 + (to.monthIndex - from.monthIndex);
    return semesterFrom(from.year, from.monthIndex, length);
  };
  return { current: semester(index), previous: semester(index - 1) };
}
