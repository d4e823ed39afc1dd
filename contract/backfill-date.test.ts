import { describe, expect, it } from 'vitest';
import { backfillDateField, parseInstant } from './backfill-date';

describe('backfill dates', () => {
  it('reads a date as the start of that local day', () => {
    expect(parseInstant('2024-03-01')?.getTime()).toBe(new Date(2024, 2, 1).getTime());
    expect(parseInstant('2024-02-29')?.getDate()).toBe(29);
  });

  it('reads date-times with Z, with an offset, or as local time without one', () => {
    expect(parseInstant('2024-03-01T10:15:30Z')?.toISOString()).toBe('2024-03-01T10:15:30.000Z');
    expect(parseInstant('2024-03-01T10:15:30.123456Z')?.toISOString()).toBe(
      '2024-03-01T10:15:30.123Z',
    );
    expect(parseInstant('2024-03-01T10:15+02:00')?.toISOString()).toBe('2024-03-01T08:15:00.000Z');
    expect(parseInstant('2024-03-01T10:15:00-0530')?.toISOString()).toBe(
      '2024-03-01T15:45:00.000Z',
    );
    expect(parseInstant('2024-03-01T10:15:00')?.getTime()).toBe(
      new Date(2024, 2, 1, 10, 15, 0).getTime(),
    );
  });

  it('refuses dates that do not exist and text that is not a date', () => {
    for (const text of [
      '2023-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024-00-10',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:60Z',
      '1899-12-31',
      '01/02/2024',
      'yesterday',
      '2024-1-1',
      '',
    ]) {
      expect(parseInstant(text), text).toBeNull();
    }
  });

  it('normalises to an ISO instant, refuses the future, and leaves absence to the server', () => {
    const field = backfillDateField('Recorded on');
    expect(field.parse('2024-03-01T10:15:30+01:00')).toBe('2024-03-01T09:15:30.000Z');
    expect(field.parse(undefined)).toBeUndefined();
    expect(field.parse(null)).toBeNull();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(field.safeParse(tomorrow).error?.issues[0]?.message).toBe(
      'Recorded on cannot be in the future',
    );
    expect(field.safeParse('2024-02-30').error?.issues[0]?.message).toMatch(
      /^Recorded on must be a date \(YYYY-MM-DD\) or an ISO 8601 date-time/,
    );
    expect(field.safeParse(42).success).toBe(false);
  });
});
