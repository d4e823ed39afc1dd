import { describe, expect, it } from 'vitest';
import { splitIntoUtcDays } from './utc-days';

describe('splitIntoUtcDays', () => {
  it('has no ends for a month that starts and ends at UTC midnight', () => {
    expect(
      splitIntoUtcDays({ start: '2026-03-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' }),
    ).toEqual({
      head: { start: '2026-03-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' },
      firstDay: '2026-03-01',
      endDay: '2026-04-01',
      tail: { start: '2026-04-01T00:00:00.000Z', end: '2026-04-01T00:00:00.000Z' },
    });
  });

  it('leaves the hours before the first and after the last UTC midnight to the ends', () => {
    // March 2026 in New York: 05:00 UTC on 1 March (EST) to 04:00 UTC on 1 April (EDT).
    expect(
      splitIntoUtcDays({ start: '2026-03-01T05:00:00.000Z', end: '2026-04-01T04:00:00.000Z' }),
    ).toEqual({
      head: { start: '2026-03-01T05:00:00.000Z', end: '2026-03-02T00:00:00.000Z' },
      firstDay: '2026-03-02',
      endDay: '2026-04-01',
      tail: { start: '2026-04-01T00:00:00.000Z', end: '2026-04-01T04:00:00.000Z' },
    });
    // East of UTC (Kolkata, +05:30): the month starts the evening before in UTC.
    const kolkata = splitIntoUtcDays({
      start: '2026-02-28T18:30:00.000Z',
      end: '2026-03-31T18:30:00.000Z',
    });
    expect(kolkata.head.end).toBe('2026-03-01T00:00:00.000Z');
    expect([kolkata.firstDay, kolkata.endDay]).toEqual(['2026-03-01', '2026-03-31']);
    expect(kolkata.tail).toEqual({
      start: '2026-03-31T00:00:00.000Z',
      end: '2026-03-31T18:30:00.000Z',
    });
  });

  it('gives a period inside one day entirely to the head', () => {
    const split = splitIntoUtcDays({
      start: '2026-03-01T05:00:00.000Z',
      end: '2026-03-01T09:00:00.000Z',
    });
    expect(split.head).toEqual({
      start: '2026-03-01T05:00:00.000Z',
      end: '2026-03-01T09:00:00.000Z',
    });
    expect(split.firstDay).toBe(split.endDay);
    expect(split.tail.start).toBe(split.tail.end);
  });
});
