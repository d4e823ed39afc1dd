import { describe, expect, it } from 'vitest';
import {
  bandBars,
  bandSummary,
  departmentBars,
  departmentSummary,
  monthBars,
  monthLabel,
  monthSummary,
} from './chart-data';

describe('chart data and their text alternatives', () => {
  it('rounds a bar half up, as its label and the tables do: 75.35 is 75.4', () => {
    const [bar] = departmentBars([
      {
        department: 'CIT',
        staff_count: 2,
        scored_staff_count: 2,
        metric_count: 2,
        average_score: 75.35,
      },
    ]);
    expect(bar?.average).toBe(75.4);
  });

  it('draws departments without values as no bar and names best and worst', () => {
    const bars = departmentBars([
      {
        department: 'CIT',
        staff_count: 4,
        scored_staff_count: 3,
        metric_count: 9,
        average_score: 82.34,
      },
      {
        department: 'Commerce',
        staff_count: 2,
        scored_staff_count: 2,
        metric_count: 2,
        average_score: 51,
      },
      {
        department: 'Media Studies',
        staff_count: 1,
        scored_staff_count: 0,
        metric_count: 0,
        average_score: 0,
      },
    ]);
    expect(bars.map((bar) => [bar.average, bar.band])).toEqual([
      [82.3, 'Excellent'],
      [51, 'Fair'],
      [null, 'No Data'],
    ]);
    expect(departmentSummary(bars)).toBe(
      'Highest average: CIT at 82.3%. Lowest: Commerce at 51.0%. 1 department has no metric values yet.',
    );
    expect(departmentSummary([])).toBe('No departments have staff yet.');
    expect(departmentSummary(bars.slice(2))).toBe('No department has metric values yet.');
  });

  it('counts staff per band in words', () => {
    const bars = bandBars([
      { band: 'Excellent', staff_count: 3 },
      { band: 'Good', staff_count: 4 },
      { band: 'Fair', staff_count: 0 },
      { band: 'Poor', staff_count: 1 },
      { band: 'No Data', staff_count: 2 },
    ]);
    expect(bandSummary(bars)).toBe(
      '10 staff members: 3 Excellent, 4 Good, 0 Fair, 1 Poor, 2 No Data.',
    );
    expect(bandSummary(bars.map((bar) => ({ ...bar, staff: 0 })))).toBe('No staff yet.');
  });

  it('shows months without values as gaps, not zeros', () => {
    const bars = monthBars([
      { month: '2025-11', average_score: 0, metric_count: 0 },
      { month: '2025-12', average_score: 64.25, metric_count: 2 },
      { month: '2026-01', average_score: 0, metric_count: 0 },
      { month: '2026-02', average_score: 88, metric_count: 1 },
    ]);
    expect(bars.map((bar) => bar.score)).toEqual([null, 64.3, null, 88]);
    expect(bars[0]!.month).toBe('Nov 2025');
    expect(monthSummary(bars)).toBe(
      'Scores in 2 of the last 4 months. Highest 88.0% (Feb 2026), lowest 64.3% (Dec 2025). Latest 88.0% in Feb 2026.',
    );
    expect(monthSummary(bars.map((bar) => ({ ...bar, score: null })))).toBe(
      'No metric values in the last 4 months.',
    );
  });

  it('labels a calendar month without shifting it by time zone', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });
});
