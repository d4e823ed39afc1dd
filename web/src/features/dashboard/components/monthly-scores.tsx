import type { EmployeeDashboard } from '#contract/insights';
import { ScoreBandBadge } from '../../../components/score-band';
import { formatPercent } from '../../../lib/format';
import { monthBars, monthSummary } from '../chart-data';
import { ChartFigure } from './chart-figure';
import { MonthlyScoresChart } from './lazy-charts';

const CHART_HEIGHT = 240;

/** Beyond SPEC.md: the employee's own average score month by month over the last year. */
export function MonthlyScores({
  data,
  error,
}: {
  data: EmployeeDashboard | undefined;
  error: string | null;
}) {
  const bars = data ? monthBars(data.monthly_scores) : [];
  return (
    <ChartFigure
      title="Your Average Score by Month"
      // The page's banner already says why the figures failed.
      summary={error ? 'Not available.' : data ? monthSummary(bars) : undefined}
      height={CHART_HEIGHT}
      loading={!data && !error}
      empty={Boolean(error) || bars.every((bar) => bar.score === null)}
      table={{
        columns: ['Month', 'Average score', 'Performance', 'Values'],
        rows: bars.map((bar) => ({
          key: bar.month,
          cells: [
            bar.month,
            bar.score === null ? 'No values' : formatPercent(bar.score),
            <ScoreBandBadge key="band" score={bar.score} size="sm" />,
            bar.values,
          ],
        })),
      }}
    >
      <MonthlyScoresChart bars={bars} height={CHART_HEIGHT} />
    </ChartFigure>
  );
}
