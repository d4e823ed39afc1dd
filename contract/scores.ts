/**
 * Score bands of SPEC.md section 4, shared by the server (the distribution chart counts staff
 * per band) and the web app (the Performance label). Free of zod so any screen can import it.
 *
 * A score is an average of metric values (1 to 100), so it reads as a percent; 0 means the
 * employee has no metric value yet. The thresholds are whole numbers on purpose: the database
 * counts staff per whole-number score (migration 0004_insights), and a band is then a range of
 * those counts. Change them together.
 */

export const SCORE_BAND_LABELS = ['Excellent', 'Good', 'Fair', 'Poor', 'No Data'] as const;
export type ScoreBandLabel = (typeof SCORE_BAND_LABELS)[number];

/** Mantine colour names; SPEC.md fixes only Excellent as green. */
export type ScoreBandColor = 'green' | 'blue' | 'yellow' | 'red' | 'gray';

export interface ScoreBand {
  label: ScoreBandLabel;
  color: ScoreBandColor;
}

/** Lowest score of each band; Poor is anything above 0, No Data exactly 0. */
export const SCORE_BAND_THRESHOLDS = { Excellent: 80, Good: 60, Fair: 40 } as const;

const BANDS: Record<ScoreBandLabel, ScoreBand> = {
  Excellent: { label: 'Excellent', color: 'green' },
  Good: { label: 'Good', color: 'blue' },
  Fair: { label: 'Fair', color: 'yellow' },
  Poor: { label: 'Poor', color: 'red' },
  'No Data': { label: 'No Data', color: 'gray' },
};

/** 80 and above Excellent; 60 to under 80 Good; 40 to under 60 Fair; above 0 Poor; 0 No Data. */
export function scoreBand(score: number | null | undefined): ScoreBand {
  const value = score ?? 0;
  if (value >= SCORE_BAND_THRESHOLDS.Excellent) return BANDS.Excellent;
  if (value >= SCORE_BAND_THRESHOLDS.Good) return BANDS.Good;
  if (value >= SCORE_BAND_THRESHOLDS.Fair) return BANDS.Fair;
  if (value > 0) return BANDS.Poor;
  return BANDS['No Data'];
}

/**
 * Which whole-number scores (floor of the average, 0 to 100) fall in each scored band: the
 * ranges the server sums from its per-score counts. No Data is everyone without a score.
 */
export const SCORE_BAND_BUCKETS: Record<Exclude<ScoreBandLabel, 'No Data'>, [number, number]> = {
  Excellent: [SCORE_BAND_THRESHOLDS.Excellent, 100],
  Good: [SCORE_BAND_THRESHOLDS.Good, SCORE_BAND_THRESHOLDS.Excellent - 1],
  Fair: [SCORE_BAND_THRESHOLDS.Fair, SCORE_BAND_THRESHOLDS.Good - 1],
  Poor: [0, SCORE_BAND_THRESHOLDS.Fair - 1],
};
