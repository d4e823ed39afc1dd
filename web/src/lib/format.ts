/**
 * Formatting shared by every screen (SPEC.md section 9: short US dates, one-decimal percents).
 *
 * Dates are written out by hand, exactly as Intl.DateTimeFormat('en-US') writes them
 * (format.test.ts compares the two): the browser's first date formatter loads its calendar and
 * time-zone data, about 20 ms of a phone's CPU, and every screen imports this module before its
 * first paint.
 */

function toDate(value: string): Date {
  // A bare calendar date is a day, not midnight UTC: show it as that day everywhere.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
}

function usDate(date: Date): string {
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
}

/** 9:05 AM (Chromium and Node write a plain space before AM and PM, as here). */
function usTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 3/14/2026 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : usDate(date);
}

/** 3/14/2026, 9:05 AM */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : `${usDate(date)}, ${usTime(date)}`;
}

/** 72.5% */
export function formatPercent(value: number | null | undefined): string {
  return `${(value ?? 0).toFixed(1)}%`;
}

export function initials(
  first: string | null | undefined,
  last: string | null | undefined,
): string {
  return `${(first ?? '').trim().charAt(0)}${(last ?? '').trim().charAt(0)}`.toUpperCase() || '?';
}

export function fullName(
  first: string | null | undefined,
  last: string | null | undefined,
): string {
  return `${first ?? ''} ${last ?? ''}`.trim();
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st, 111th */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}
