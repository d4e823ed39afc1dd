/** Formatting shared by every screen (SPEC.md section 9: short US dates, one-decimal percents). */

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: 'numeric',
});
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function toDate(value: string): Date {
  // A bare calendar date is a day, not midnight UTC: show it as that day everywhere.
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
}

/** 3/14/2026 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : shortDate.format(date);
}

/** 3/14/2026, 9:05 AM */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateTime.format(date);
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
