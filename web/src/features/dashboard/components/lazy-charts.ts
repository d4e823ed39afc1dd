import { lazy } from 'react';
import type * as DashboardCharts from '../charts/dashboard-charts';

/**
 * The chart module is one lazy chunk (with the chart library): it loads after the page paints,
 * once for the three charts. If it fails to load, ChartFigure's boundary keeps the page.
 */
let chunk: Promise<typeof DashboardCharts> | undefined;
const load = () => (chunk ??= import('../charts/dashboard-charts'));

export const DepartmentAveragesChart = lazy(() =>
  load().then((module) => ({ default: module.DepartmentAveragesChart })),
);
export const ScoreDistributionChart = lazy(() =>
  load().then((module) => ({ default: module.ScoreDistributionChart })),
);
export const MonthlyScoresChart = lazy(() =>
  load().then((module) => ({ default: module.MonthlyScoresChart })),
);
