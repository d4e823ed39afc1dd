import { describe, expect, it } from 'vitest';
import { SCORE_BAND_BUCKETS, SCORE_BAND_LABELS, scoreBand } from './scores';

describe('scoreBand', () => {
  it.each([
    [100, 'Excellent', 'green'],
    [80, 'Excellent', 'green'],
    [79.99, 'Good', 'blue'],
    [60, 'Good', 'blue'],
    [59.99, 'Fair', 'yellow'],
    [40, 'Fair', 'yellow'],
    [39.99, 'Poor', 'red'],
    [0.01, 'Poor', 'red'],
    [0, 'No Data', 'gray'],
    [null, 'No Data', 'gray'],
    [undefined, 'No Data', 'gray'],
  ])('puts %s in %s (%s)', (score, label, color) => {
    expect(scoreBand(score)).toEqual({ label, color });
  });

  it('agrees with the whole-number ranges the server counts', () => {
    for (let hundredths = 1; hundredths <= 10_000; hundredths++) {
      const score = hundredths / 100;
      const bucket = Math.floor(score);
      const band = SCORE_BAND_LABELS.find((label) => {
        if (label === 'No Data') return false;
        const [low, high] = SCORE_BAND_BUCKETS[label];
        return bucket >= low && bucket <= high;
      });
      expect(band, `score ${score}`).toBe(scoreBand(score).label);
    }
  });
});
