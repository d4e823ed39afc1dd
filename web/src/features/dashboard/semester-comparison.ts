import { formatPercent, roundToTenth } from '../../lib/format';

/** What the Semester Performance section says about this semester against the last one. */
export type SemesterComparison =
  | { kind: 'improved' | 'declined'; points: number; phrase: string }
  | { kind: 'same'; phrase: string }
  | { kind: 'no-baseline' | 'no-current' | 'no-data'; phrase: string };

export interface SemesterFigures {
  thisScore: number;
  lastScore: number;
  /** Metric values recorded in each semester; 0 means the semester has no score at all. */
  thisCount: number;
  lastCount: number;
}

/** A percent in whole tenths, rounded exactly as it is shown ("72.5%" is 725). */
function tenths(score: number): number {
  return Math.round(roundToTenth(score) * 10);
}

/**
 * SPEC.md section 2's comparison: "improved by X%", "declined by X%" or "same performance as
 * last semester". X is the difference of the two averages in percentage points, to one decimal,
 * taken from the two figures as shown, so 70.0% against 75.5% reads "improved by 5.5%" and two
 * figures that look the same never read "improved by 0.0%".
 *
 * A semester without any metric value has no score to compare (its 0 means "no data", not a
 * score of 0), so those cases say so instead of "improved by 72.0%" on the first day of a
 * semester.
 */
export function compareSemesters({
  thisScore,
  lastScore,
  thisCount,
  lastCount,
}: SemesterFigures): SemesterComparison {
  if (thisCount === 0 && lastCount === 0) {
    return { kind: 'no-data', phrase: 'No metric values recorded in either semester yet.' };
  }
  if (lastCount === 0) {
    return { kind: 'no-baseline', phrase: 'No metric values last semester to compare with.' };
  }
  if (thisCount === 0) {
    return { kind: 'no-current', phrase: 'No metric values recorded this semester yet.' };
  }
  const difference = tenths(thisScore) - tenths(lastScore);
  if (difference === 0) return { kind: 'same', phrase: 'same performance as last semester' };
  const points = Math.abs(difference) / 10;
  const kind = difference > 0 ? 'improved' : 'declined';
  return { kind, points, phrase: `${kind} by ${formatPercent(points)}` };
}

/** The whole sentence shown under the two semester cards. */
export function comparisonSentence(comparison: SemesterComparison): string {
  switch (comparison.kind) {
    case 'improved':
    case 'declined':
      return `Your average score ${comparison.phrase} compared to last semester.`;
    case 'same':
      return `You have the ${comparison.phrase}.`;
    default:
      return comparison.phrase;
  }
}
