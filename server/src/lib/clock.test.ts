import { describe, expect, it } from 'vitest';
import { toIso } from './clock';

describe('toIso', () => {
  it('sends a stored ISO timestamp as it is', () => {
    expect(toIso('2024-03-01T09:30:00.000Z')).toBe('2024-03-01T09:30:00.000Z');
  });

  it('turns other forms and Dates into the same ISO form', () => {
    expect(toIso(new Date(Date.UTC(2024, 2, 1, 9, 30)))).toBe('2024-03-01T09:30:00.000Z');
    expect(toIso('2024-03-01T09:30:00Z')).toBe('2024-03-01T09:30:00.000Z');
    expect(toIso('2024-03-01T10:30:00.000+01:00')).toBe('2024-03-01T09:30:00.000Z');
  });
});
