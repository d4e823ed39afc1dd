import { describe, expect, it } from 'vitest';
import { compareSemesters, comparisonSentence } from './semester-comparison';

const figures = (thisScore: number, lastScore: number, thisCount = 4, lastCount = 4) => ({
  thisScore,
  lastScore,
  thisCount,
  lastCount,
});

describe('the semester comparison sentence', () => {
  it('says "improved by X%" with X the difference in percentage points, to one decimal', () => {
    const result = compareSemesters(figures(75.5, 70));
    expect(result).toMatchObject({ kind: 'improved', phrase: 'improved by 5.5%' });
    expect(comparisonSentence(result)).toBe(
      'Your average score improved by 5.5% compared to last semester.',
    );
  });

  it('says "declined by X%" when this semester is lower', () => {
    const result = compareSemesters(figures(61.25, 80));
    // 61.3% (as shown) against 80.0%.
    expect(result).toMatchObject({ kind: 'declined', phrase: 'declined by 18.7%' });
    expect(comparisonSentence(result)).toBe(
      'Your average score declined by 18.7% compared to last semester.',
    );
  });

  it('compares the figures as shown: two that read the same are the same performance', () => {
    expect(compareSemesters(figures(72.04, 72.01)).phrase).toBe(
      'same performance as last semester',
    );
    expect(comparisonSentence(compareSemesters(figures(72, 72)))).toBe(
      'You have the same performance as last semester.',
    );
    // 72.1% against 72.0% is a tenth of a point, never "0.0%".
    expect(compareSemesters(figures(72.06, 72.04)).phrase).toBe('improved by 0.1%');
  });

  it('rounds each figure half up as it is shown: 75.35% reads 75.4%, a tenth above 75.3%', () => {
    expect(compareSemesters(figures(75.35, 75.3)).phrase).toBe('improved by 0.1%');
    expect(compareSemesters(figures(80.05, 80)).phrase).toBe('improved by 0.1%');
  });

  it('keeps one decimal for whole differences and avoids floating point noise', () => {
    expect(compareSemesters(figures(90, 80)).phrase).toBe('improved by 10.0%');
    expect(compareSemesters(figures(0.3, 0.1, 1, 1)).phrase).toBe('improved by 0.2%');
  });

  it('does not compare against a semester without any metric value', () => {
    expect(compareSemesters(figures(75, 0, 3, 0))).toMatchObject({ kind: 'no-baseline' });
    expect(comparisonSentence(compareSemesters(figures(75, 0, 3, 0)))).toBe(
      'No metric values last semester to compare with.',
    );
    expect(comparisonSentence(compareSemesters(figures(0, 60, 0, 2)))).toBe(
      'No metric values recorded this semester yet.',
    );
    expect(comparisonSentence(compareSemesters(figures(0, 0, 0, 0)))).toBe(
      'No metric values recorded in either semester yet.',
    );
  });
});
