import type { DepartmentAverage, MonthlyScore, ScoreDistributionEntry } from '#contract/insights';
import { scoreBand, type ScoreBandLabel } from '#contract/scores';
import { formatPercent, roundToTenth } from '../../lib/format';

/**
 * What the dashboard charts draw and what they say in words. Free of any chart library, so the
 * text alternatives render with the page while the charts themselves load in their own chunk.
 */

/** One decimal, as every score on screen (the chart's bar and its tooltip agree with the table). */
const oneDecimal = roundToTenth;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

// ---- Average score by department -------------------------------------------------------------

export interface DepartmentBar {
  department: string;
  /** Null when nobody in the department has a metric value: no bar rather than a bar at 0. */
  average: number | null;
  band: ScoreBandLabel;
  staff: number;
  scoredStaff: number;
}

export function departmentBars(departments: DepartmentAverage[]): DepartmentBar[] {
  return departments.map((entry) => ({
    department: entry.department,
    average: entry.scored_staff_count > 0 ? oneDecimal(entry.average_score) : null,
    band: scoreBand(entry.scored_staff_count > 0 ? entry.average_score : 0).label,
    staff: entry.staff_count,
    scoredStaff: entry.scored_staff_count,
  }));
}

export function departmentSummary(bars: DepartmentBar[]): string {
  if (bars.length === 0) return 'No departments have staff yet.';
  const scored = bars.filter((bar) => bar.average !== null);
  if (scored.length === 0) return 'No department has metric values yet.';
  const byScore = [...scored].sort((a, b) => b.average! - a.average!);
  const best = byScore[0]!;
  const worst = byScore.at(-1)!;
  const parts = [`Highest average: ${best.department} at ${formatPercent(best.average)}.`];
  if (worst !== best) parts.push(`Lowest: ${worst.department} at ${formatPercent(worst.average)}.`);
  const unscored = bars.length - scored.length;
  if (unscored > 0) {
    parts.push(
      `${plural(unscored, 'department')} ${unscored === 1 ? 'has' : 'have'} no metric values yet.`,
    );
  }
  return parts.join(' ');
}

// ---- Staff per score band --------------------------------------------------------------------

export interface BandBar {
  band: ScoreBandLabel;
  staff: number;
}

export function bandBars(distribution: ScoreDistributionEntry[]): BandBar[] {
  return distribution.map((entry) => ({ band: entry.band, staff: entry.staff_count }));
}

export function bandSummary(bars: BandBar[]): string {
  const total = bars.reduce((sum, bar) => sum + bar.staff, 0);
  if (total === 0) return 'No staff yet.';
  return `${plural(total, 'staff member')}: ${bars.map((bar) => `${bar.staff} ${bar.band}`).join(', ')}.`;
}

// ---- The employee's own score by month -------------------------------------------------------

// Written out rather than with Intl.DateTimeFormat, whose first use loads calendar and time-zone
// data (lib/format.ts says why).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03" as "Mar 2026" (a calendar month, not an instant: no time zone shifts it). */
export function monthLabel(key: string): string {
  const [year, month] = key.split('-').map(Number);
  const name = month ? MONTHS[month - 1] : undefined;
  return year && name ? `${name} ${year}` : key;
}

export interface MonthBar {
  month: string;
  /** Null for a month without values: a gap in the chart, never a bar at 0. */
  score: number | null;
  values: number;
}

export function monthBars(months: MonthlyScore[]): MonthBar[] {
  return months.map((entry) => ({
    month: monthLabel(entry.month),
    score: entry.metric_count > 0 ? oneDecimal(entry.average_score) : null,
    values: entry.metric_count,
  }));
}

export function monthSummary(bars: MonthBar[]): string {
  const scored = bars.filter((bar) => bar.score !== null);
  if (scored.length === 0) return `No metric values in the last ${bars.length} months.`;
  const latest = scored.at(-1)!;
  const highest = scored.reduce((best, bar) => (bar.score! > best.score! ? bar : best));
  const lowest = scored.reduce((low, bar) => (bar.score! < low.score! ? bar : low));
  const parts = [`Scores in ${scored.length} of the last ${bars.length} months.`];
  if (scored.length > 1) {
    parts.push(
      `Highest ${formatPercent(highest.score)} (${highest.month}), lowest ${formatPercent(lowest.score)} (${lowest.month}).`,
    );
  }
  parts.push(`Latest ${formatPercent(latest.score)} in ${latest.month}.`);
  return parts.join(' ');
}
