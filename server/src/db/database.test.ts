import { describe, expect, it } from 'vitest';
import { timestampToIso } from './database';

describe('PostgreSQL timestamps', () => {
  it('reads a UTC timestamptz as the ISO string the application wrote', () => {
    expect(timestampToIso('2026-11-21 19:01:43.65+00')).toBe('2026-11-21T19:01:43.650Z');
    expect(timestampToIso('2026-11-21 19:01:43+00')).toBe('2026-11-21T19:01:43.000Z');
    expect(timestampToIso('2026-11-21 19:01:43.123456+00')).toBe('2026-11-21T19:01:43.123Z');
    expect(timestampToIso('2026-11-21 19:01:43.1+00')).toBe('2026-11-21T19:01:43.100Z');
  });

  it('reads any other offset through a Date, to the same instant', () => {
    expect(timestampToIso('2026-11-21 20:01:43.65+01')).toBe('2026-11-21T19:01:43.650Z');
    expect(timestampToIso('2026-11-21 13:31:43.65-05:30')).toBe('2026-11-21T19:01:43.650Z');
  });
});
