import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAward, IconChartBar } from '@tabler/icons-react';
import { useRef } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { errorMessage } from '../../lib/api-client';
import { useEmployeeDashboard } from './api/get-employee-dashboard';
import { EmployeeToasts } from './components/employee-toasts';
import { MonthlyScores } from './components/monthly-scores';
import { PerformanceSummary } from './components/performance-summary';
import { RecentBonuses, RecentMetrics } from './components/recent-activity';
import { SemesterPerformance } from './components/semester-performance';
import { StatCard } from './components/stat-card';
import { useAfterFirstPaint } from './components/use-after-first-paint';
import { useToastsSettled } from './components/use-toasts-settled';

/**
 * The employee dashboard of SPEC.md section 2: the two cards, Semester Performance, the trend
 * chart, the recent lists and the summary, with the bonus and ranking toasts. The figures come
 * from one call (GET /api/employees/dashboard); the recent lists and toasts from their own.
 * Everything below Semester Performance renders just after the first paint.
 */
export function EmployeeDashboard({ firstName }: { firstName: string }) {
  const dashboard = useEmployeeDashboard();
  const data = dashboard.isError ? undefined : dashboard.data;
  const error = dashboard.isError ? errorMessage(dashboard.error) : null;
  const heading = useRef<HTMLHeadingElement>(null);
  // The chart, the recent lists and the summary sit below a phone's first screen.
  const showLower = useAfterFirstPaint();
  // The toasts sit above the cards: the cards wait (a second at most) until they are known.
  const showBody = useToastsSettled();

  return (
    <Stack>
      <div>
        <Title order={1} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          My Dashboard
        </Title>
        <Text c="dimmed">Welcome back, {firstName}. Here is how you are doing.</Text>
        {/* In the heading's block: no gap of the page's stack while there is nothing to say. */}
        <EmployeeToasts fallbackFocus={heading} />
      </div>
      {showBody && <ErrorBanner message={error} />}

      {showBody && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StatCard
            title="Total Bonuses"
            icon={IconAward}
            color="grape"
            value={error ? null : data?.total_bonuses}
            thisMonth={data?.bonuses_this_month}
          />
          <StatCard
            title="Performance Metrics"
            icon={IconChartBar}
            color="violet"
            value={error ? null : data?.total_metrics}
            thisMonth={data?.metrics_this_month}
          />
        </SimpleGrid>
      )}

      {showBody && <SemesterPerformance data={data} failed={Boolean(error)} />}
      {showBody && showLower && (
        <>
          <MonthlyScores data={data} error={error} />

          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <RecentMetrics />
            <RecentBonuses />
          </SimpleGrid>

          <PerformanceSummary data={data} failed={Boolean(error)} />
        </>
      )}
    </Stack>
  );
}
