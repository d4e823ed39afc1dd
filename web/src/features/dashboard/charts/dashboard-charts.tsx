import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { SCORE_BAND_STYLES } from '../../../components/score-band';
import { scoreBand } from '#contract/scores';
import type { BandBar, DepartmentBar, MonthBar } from '../chart-data';
import { formatPercent } from '../../../lib/format';

/**
 * The dashboard charts (@mantine/charts on recharts). This module is loaded lazily by the
 * dashboard, so the chart library never weighs on the first paint, the landing page or sign-in.
 * Bars take their score band's colour (the Performance label's); the accessibility layer is off
 * because each chart sits in an aria-hidden box: its caption and table are the accessible form.
 */

// Months and departments without values come as null: no bar and no label.
const percent = (value: number) => (typeof value === 'number' ? formatPercent(value) : '');
// Axis ticks are whole percents: "0%" to "100%" in quarters.
const scoreAxis = {
  domain: [0, 100],
  ticks: [0, 25, 50, 75, 100],
  tickFormatter: (value: number) => `${value}%`,
};
const bandFill = (score: number) => SCORE_BAND_STYLES[scoreBand(score).label].fill;

export function DepartmentAveragesChart({
  bars,
  height,
}: {
  bars: DepartmentBar[];
  height: number;
}) {
  return (
    <BarChart
      h={height}
      data={bars}
      dataKey="department"
      orientation="vertical"
      series={[{ name: 'average', label: 'Average score', color: 'blue.8' }]}
      getBarColor={(value) => bandFill(value)}
      valueFormatter={percent}
      xAxisProps={scoreAxis}
      yAxisProps={{ width: 130 }}
      // Room for the value label at the end of a full bar ("100.0%").
      barChartProps={{ margin: { right: 56 } }}
      gridAxis="x"
      withBarValueLabel
      maxBarWidth={28}
      accessibilityLayer={false}
    />
  );
}

export function ScoreDistributionChart({ bars, height }: { bars: BandBar[]; height: number }) {
  return (
    <BarChart
      h={height}
      data={bars.map((bar) => ({ ...bar, color: SCORE_BAND_STYLES[bar.band].fill }))}
      dataKey="band"
      series={[{ name: 'staff', label: 'Staff', color: 'gray.6' }]}
      yAxisProps={{ allowDecimals: false }}
      withBarValueLabel
      maxBarWidth={56}
      accessibilityLayer={false}
    />
  );
}

export function MonthlyScoresChart({ bars, height }: { bars: MonthBar[]; height: number }) {
  return (
    <BarChart
      h={height}
      data={bars}
      dataKey="month"
      series={[{ name: 'score', label: 'Average score', color: 'blue.8' }]}
      getBarColor={(value) => bandFill(value)}
      valueFormatter={percent}
      // "Mar 2026" on the axis would crowd a phone: the month alone, the year in the tooltip.
      xAxisProps={{ tickFormatter: (month: string) => month.slice(0, 3) }}
      yAxisProps={scoreAxis}
      maxBarWidth={32}
      accessibilityLayer={false}
    />
  );
}
