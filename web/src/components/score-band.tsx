import { Badge, type BadgeProps } from '@mantine/core';
import { scoreBand, type ScoreBandLabel } from '#contract/scores';

/**
 * How each score band of SPEC.md section 4 looks wherever it appears: the Performance label
 * and the bars of the charts use the same fill, so a colour means the same band everywhere.
 * SPEC.md fixes only Excellent as green; the others follow the contract's colour families.
 *
 * Fills and text colours are chosen for contrast: the label's text on its fill is at least
 * WCAG AA's 4.5:1 (Excellent 5.1, Good 5.0, Fair 11.3, Poor 5.5, No Data 6.3). Mantine's
 * green.9 carries white text at only 4.4:1, hence the slightly darker green. The label always
 * says the band in words, so colour is never the only sign.
 */
export const SCORE_BAND_STYLES: Record<ScoreBandLabel, { fill: string; text: string }> = {
  Excellent: { fill: '#2f7d3a', text: '#ffffff' },
  Good: { fill: 'blue.8', text: '#ffffff' },
  Fair: { fill: 'yellow.6', text: '#000000' },
  Poor: { fill: 'red.9', text: '#ffffff' },
  'No Data': { fill: 'gray.6', text: '#000000' },
};

export interface ScoreBandBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  /** An average score (a percent); 0 or absent means no metric value yet. */
  score: number | null | undefined;
}

/** The Performance label: Excellent, Good, Fair, Poor or No Data, in its band's colour. */
export function ScoreBandBadge({ score, ...props }: ScoreBandBadgeProps) {
  const band = scoreBand(score);
  const style = SCORE_BAND_STYLES[band.label];
  return (
    <Badge variant="filled" color={style.fill} c={style.text} data-band={band.label} {...props}>
      {band.label}
    </Badge>
  );
}
