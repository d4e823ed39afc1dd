/**
 * Formatting shared by every screen (SPEC.md section 9: short US dates, one-decimal percents).
 *
 * Dates and numbers are written out by hand, exactly as Intl.DateTimeFormat('en-US') and
 * Intl.NumberFormat('en-US') write them (format.test.ts compares them): the browser's first
 * date formatter loads its calendar and time-zone data, about 20 ms of a phone's CPU, and its
 * first number formatter its number data, 32-52 ms on the benchmark machine before Lighthouse's
 * 4x slowdown; every screen imports this module before its first paint.
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

/** A number's decimal digits without an exponent: 1e+21 -> "1000000000000000000000". */
function plainDigits(value: number): string {
  const [mantissa = '', exponent] = String(value).split('e');
  if (exponent === undefined) return mantissa;
  const digits = mantissa.replace('.', '');
  const dot = mantissa.indexOf('.');
  const point = (dot === -1 ? mantissa.length : dot) + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Adds one to a string of decimal digits: "0999" -> "1000", "99" -> "100". */
function incremented(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits[end - 1] === '9') end -= 1;
  const carried = '0'.repeat(digits.length - end);
  return end === 0
    ? `1${carried}`
    : digits.slice(0, end - 1) + (Number(digits[end - 1]) + 1) + carried;
}

/**
 * `value` rounded to `decimals` places half away from zero, as its digits: whole and fraction
 * (padded to `decimals`). The rounding works on the shortest decimal that reads back as the
 * number, so 75.35 (stored as 75.34999...) rounds to 75.4 as a person expects, not to 75.3 as
 * `toFixed` does. Finite values only.
 */
function roundedDigits(value: number, decimals: number): { whole: string; fraction: string } {
  const [whole = '0', fraction = ''] = plainDigits(Math.abs(value)).split('.');
  let digits = whole + fraction.slice(0, decimals).padEnd(decimals, '0');
  if ((fraction[decimals] ?? '0') >= '5') digits = incremented(digits);
  return {
    whole: digits.slice(0, digits.length - decimals),
    fraction: digits.slice(digits.length - decimals),
  };
}

/**
 * `value` to one decimal, half away from zero on the decimal as written: 75.35 -> 75.4,
 * 80.05 -> 80.1, 0.05 -> 0.1, 99.95 -> 100. (`toFixed(1)` rounds the binary value instead,
 * which for 75.35, 80.05 or 1.45 lies just below the half: 75.3, 80.0, 1.4.)
 */
export function roundToTenth(value: number): number {
  if (!Number.isFinite(value)) return value;
  const { whole, fraction } = roundedDigits(value, 1);
  const rounded = Number(`${whole}.${fraction}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** "75.4": one decimal, always written, rounded as `roundToTenth`. */
export function formatTenths(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const { whole, fraction } = roundedDigits(value, 1);
  const negative = value < 0 && (whole !== '0' || fraction !== '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * 1,234.57: grouped thousands, at most `maximumFractionDigits` decimals rounded half away from
 * zero and no trailing zeros, as Intl.NumberFormat('en-US', { maximumFractionDigits }) writes
 * it (3 decimals by default, as there). Rounding works on the shortest decimal that reads back
 * as the number, as Intl's does: 1.005 is written 1.01.
 */
export function formatNumber(value: number, maximumFractionDigits = 3): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  const { whole, fraction } = roundedDigits(value, maximumFractionDigits);
  const decimals = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** 72.5%: one decimal rounded half up as people do (75.35 is 75.4%), 0.0% for nothing. */
export function formatPercent(value: number | null | undefined): string {
  return `${formatTenths(value ?? 0)}%`;
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
