import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatTenths,
  roundToTenth,
} from './format';

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

/** Numbers of every size and sign, halves at each rounding place, and a seeded random spread. */
function* numbers(): Generator<number> {
  yield* [0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 1.005, 2.675, 0.125, 999.995, 999_999.9999, 1e21];
  yield* [1.5e-7, -1e-7, 123_456_789.125, Number.MAX_SAFE_INTEGER, 1e300, 5e-324, 0.0005];
  yield* [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let i = 0; i < 5_000; i += 1) {
    const magnitude = 10 ** Math.floor(random() * 30 - 8);
    const value = (random() - 0.3) * magnitude;
    yield value;
    yield Math.round(value * 1000) / 1000 + 0.0005;
    yield Math.round(value);
  }
}

describe('numbers written as Intl writes them in US English', () => {
  it('writes every number exactly as Intl.NumberFormat does, at 0 to 3 decimals', () => {
    const intl = [0, 1, 2, 3].map(
      (maximumFractionDigits) => new Intl.NumberFormat('en-US', { maximumFractionDigits }),
    );
    const intlDefault = new Intl.NumberFormat('en-US');
    const mismatches: string[] = [];
    for (const value of numbers()) {
      for (const [digits, format] of intl.entries()) {
        const ours = formatNumber(value, digits);
        if (ours !== format.format(value)) mismatches.push(`${value} at ${digits}: ${ours}`);
      }
      if (formatNumber(value) !== intlDefault.format(value)) mismatches.push(`${value}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('groups thousands and drops trailing zeros', () => {
    expect(formatNumber(1234.5, 2)).toBe('1,234.5');
    expect(formatNumber(999.995, 2)).toBe('1,000');
    expect(formatNumber(72.5)).toBe('72.5');
  });
});

describe('scores rounded half up to one decimal, as people round them', () => {
  it('rounds the decimal as written, not the binary value toFixed sees', () => {
    expect(formatPercent(75.35)).toBe('75.4%');
    expect(formatPercent(80.05)).toBe('80.1%');
    expect(formatPercent(1.45)).toBe('1.5%');
    expect(formatPercent(0.05)).toBe('0.1%');
    expect(formatPercent(0.04)).toBe('0.0%');
    expect(formatPercent(99.95)).toBe('100.0%');
    expect(formatPercent(99.94)).toBe('99.9%');
    expect(formatPercent(72.5)).toBe('72.5%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('0.0%');
    expect(formatPercent(undefined)).toBe('0.0%');
  });

  it('gives the same tenths as numbers, for charts and comparisons', () => {
    expect(roundToTenth(75.35)).toBe(75.4);
    expect(roundToTenth(0.05)).toBe(0.1);
    expect(roundToTenth(99.95)).toBe(100);
    expect(roundToTenth(75.349)).toBe(75.3);
    expect(roundToTenth(-2.25)).toBe(-2.3);
    expect(roundToTenth(-0.04)).toBe(0);
    expect(formatTenths(-2.25)).toBe('-2.3');
    expect(formatTenths(-0.04)).toBe('0.0');
  });

  it('rounds every hundredth from 0 to 100 to the tenth a person would write', () => {
    const wrong: string[] = [];
    for (let hundredths = 0; hundredths <= 10_000; hundredths += 1) {
      const value = hundredths / 100;
      const expected = Math.floor((hundredths + 5) / 10);
      const written = `${Math.floor(expected / 10)}.${expected % 10}%`;
      if (formatPercent(value) !== written) wrong.push(`${value}: ${formatPercent(value)}`);
    }
    expect(wrong).toEqual([]);
  });
});
