import { SimpleGrid } from '@mantine/core';
import { ScoreBandBadge } from '../../../components/score-band';
import { errorMessage } from '../../../lib/api-client';
import { formatPercent } from '../../../lib/format';
import { useHrCharts } from '../api/get-hr-charts';
import { bandBars, bandSummary, departmentBars, departmentSummary } from '../chart-data';
import { ChartFigure } from './chart-figure';
import { DepartmentAveragesChart, ScoreDistributionChart } from './lazy-charts';

const CHART_HEIGHT = 260;

/** Beyond SPEC.md: average score per department and staff per score band (GET /api/hr/charts). */
export function HrCharts() {
  const charts = useHrCharts();
  const departments = charts.data ? departmentBars(charts.data.department_averages) : [];
  const bands = charts.data ? bandBars(charts.data.score_distribution) : [];
  const error = charts.isError ? errorMessage(charts.error) : null;
  const noStaff = bands.every((bar) => bar.staff === 0);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartFigure
        title="Average Score by Department"
        summary={charts.data ? departmentSummary(departments) : undefined}
        height={CHART_HEIGHT}
        loading={charts.isPending}
        error={error}
        empty={departments.every((bar) => bar.average === null)}
        table={{
          columns: ['Department', 'Average score', 'Performance', 'Staff', 'Staff with metrics'],
          rows: departments.map((bar) => ({
            key: bar.department,
            cells: [
              bar.department,
              formatPercent(bar.average),
              <ScoreBandBadge key="band" score={bar.average} size="sm" />,
              bar.staff,
              bar.scoredStaff,
            ],
          })),
        }}
      >
        <DepartmentAveragesChart bars={departments} height={CHART_HEIGHT} />
      </ChartFigure>
      <ChartFigure
        title="Staff by Performance Band"
        summary={charts.data ? bandSummary(bands) : undefined}
        height={CHART_HEIGHT}
        loading={charts.isPending}
        error={error}
        empty={noStaff}
        table={{
          columns: ['Performance', 'Staff'],
          rows: bands.map((bar) => ({ key: bar.band, cells: [bar.band, bar.staff] })),
        }}
      >
        <ScoreDistributionChart bars={bands} height={CHART_HEIGHT} />
      </ChartFigure>
    </SimpleGrid>
  );
}
