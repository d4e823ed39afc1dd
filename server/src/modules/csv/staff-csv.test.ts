import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSkills, numberCell, parseSkillsCell } from './staff-csv';

describe('the staff CSV format', () => {
  it('keeps skills apart in one cell, whatever they contain', () => {
    const skill = fc
      .string({ unit: fc.constantFrom(';', '\\', ' ', 'a', 'C', '+', '#', 'é'), maxLength: 10 })
      .map((s) => s.trim())
      .filter((s) => s !== '');
    fc.assert(
      fc.property(fc.array(skill, { minLength: 1, maxLength: 6 }), (skills) => {
        expect(parseSkillsCell(formatSkills(skills))).toEqual(skills);
      }),
      { numRuns: 500 },
    );
    expect(formatSkills(['Teaching', 'C; C++', 'a\\b'])).toBe('Teaching; C\\; C++; a\\\\b');
    expect(parseSkillsCell('Python;SQL ;  ; Teaching')).toEqual(['Python', 'SQL', '', 'Teaching']);
  });

  it('reads plain decimals as numbers and leaves anything else to the schema', () => {
    expect(numberCell('')).toBeUndefined();
    expect(numberCell('52000.5')).toBe(52000.5);
    expect(numberCell('.5')).toBe(0.5);
    expect(numberCell('-3')).toBe(-3);
    for (const text of ['1,000', '0x10', '1e3', 'lots', ' ']) expect(numberCell(text)).toBe(text);
  });
});
