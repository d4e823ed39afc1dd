import { z } from 'zod';
import { FIELD_LABELS } from './field-labels';

/**
 * The optional `created_at` HR may give when recording a metric value or a bonus, to backfill
 * history (PRODUCT.md section 3): a past date or date-time in ISO 8601, never the future.
 *
 * - `YYYY-MM-DD` means the start of that day in the local time zone (the server's `TZ` when the
 *   server parses it), so a value backfilled to "2024-03-01" counts in March wherever the server
 *   runs; JavaScript alone would read it as UTC midnight, which is still February west of UTC.
 * - `YYYY-MM-DDTHH:mm[:ss[.fff]]` with `Z` or an offset is that instant; without one, local time.
 */

export const EARLIEST_BACKFILL_YEAR = 1900;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses a date or date-time as described above; null when it is not a real one. */
export function parseInstant(text: string): Date | null {
  const dateOnly = DATE_ONLY.exec(text);
  const match = dateOnly ?? DATE_TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const millisecond = Number(fraction.slice(0, 3).padEnd(3, '0'));
  if (year < EARLIEST_BACKFILL_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;

  if (!zone) return new Date(year, month - 1, day, hour, minute, second, millisecond);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  if (zone.toUpperCase() === 'Z') return new Date(utc);
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetHours = Number(digits.slice(0, 2));
  const offsetMinutes = Number(digits.slice(2, 4));
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  return new Date(utc - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
}

/** 2024-01-05 -> 1/5/2024, the short US date every screen shows (SPEC.md section 9). */
export function shortUsDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${Number(month)}/${Number(day)}/${year}`;
}

export function backfillMessages(label: string) {
  return {
    invalid: `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date-time from ${EARLIEST_BACKFILL_YEAR} on`,
    future: `${label} cannot be in the future`,
    /** Nothing is dated before its employee joined (issue 56): `joinDate` is YYYY-MM-DD. */
    beforeJoinDate: (name: string, joinDate: string) =>
      `${label} must be on or after ${name}'s join date (${shortUsDate(joinDate)})`,
  };
}

/**
 * The optional past `created_at` field: absent or null means "now" (decided by the server);
 * otherwise it becomes the normalised ISO instant (`toISOString()`). `label` is the date's label
 * on the form that sends it ("Recorded on"), which its messages name it by.
 */
export function backfillDateField(label: string = FIELD_LABELS.created_at) {
  const messages = backfillMessages(label);
  return z
    .string({ error: messages.invalid })
    .trim()
    .max(40, messages.invalid)
    .transform((text, ctx) => {
      const instant = parseInstant(text);
      if (!instant) {
        ctx.addIssue({ code: 'custom', message: messages.invalid });
        return z.NEVER;
      }
      if (instant.getTime() > Date.now()) {
        ctx.addIssue({ code: 'custom', message: messages.future });
        return z.NEVER;
      }
      return instant.toISOString();
    })
    .nullish()
    .describe(
      'Optional past date (YYYY-MM-DD, the start of that day in the server time zone) or ISO 8601 date-time; default now',
    );
}
