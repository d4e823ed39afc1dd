import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

const intlDate = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: 'numeric',
});
const intlDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Every hour of a leap year and then some, at odd minutes, in the machine's own time zone. */
function* instants(): Generator<Date> {
  const start = new Date(2024, 0, 1, 0, 7).getTime();
  for (let hour = 0; hour < 24 * 400; hour += 1) {
    yield new Date(start + hour * 3_600_000 + (hour % 60) * 60_000);
  }
}

describe('dates written as Intl writes them in US English', () => {
  it('writes every date and time exactly as Intl.DateTimeFormat does', () => {
    for (const date of instants()) {
      expect(formatDate(date.toISOString())).toBe(intlDate.format(date));
      expect(formatDateTime(date.toISOString())).toBe(intlDateTime.format(date));
    }
  });

  it('keeps a bare calendar date on its day, and says N/A for nothing or nonsense', () => {
    expect(formatDate('2026-03-14')).toBe('3/14/2026');
    expect(formatDateTime('2026-12-31')).toBe(intlDateTime.format(new Date(2026, 11, 31)));
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDateTime(undefined)).toBe('N/A');
  });
});
