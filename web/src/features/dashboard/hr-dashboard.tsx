import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAward, IconChartBar, IconUsers } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api-client';
import { useHrMetrics } from './api/get-hr-metrics';
import { HrCharts } from './components/hr-charts';
import { RecentEmployeesTable } from './components/recent-employees-table';
import { StatCard } from './components/stat-card';

/** SPEC.md section 2's HR dashboard texts. */
/** The height of the table with its five rows: kept while loading, so the charts below stay put. */
const RECENT_TABLE_HEIGHT = 361;

export const HR_DASHBOARD_TEXTS = {
  loading: 'Loading recent employees...',
  error: (message: string) => `Error loading data: ${message}`,
  empty: 'No employees yet.',
} as const;

const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

/**
 * The HR dashboard (admin and manager): the three cards with "+N this month", the most recently
 * added employees, then the charts. Cards and table come in one call; the charts in another,
 * with their code loaded lazily once they near the viewport, so the figures paint first and a
 * phone runs no chart code until the reader scrolls down.
 */
export function HrDashboard({ firstName }: { firstName: string }) {
  const metrics = useHrMetrics();
  const data = metrics.data;

  return (
    <Stack>
      <div>
        <Title order={1}>HR Dashboard</Title>
        <Text c="dimmed">Welcome back, {firstName}. Here is how the organisation is doing.</Text>
      </div>

      {metrics.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{HR_DASHBOARD_TEXTS.error(errorMessage(metrics.error))}</Text>
            <Button size="xs" variant="default" onClick={() => void metrics.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard
          title="Total Staff"
          icon={IconUsers}
          color="blue"
          value={data?.total_staff}
          thisMonth={data?.total_staff_from_this_month}
          note={
            data ? `${plural(data.staff_with_metrics, 'staff member')} with metrics` : undefined
          }
          withNote
        />
        <StatCard
          title="Active Metrics"
          icon={IconChartBar}
          color="violet"
          value={data?.total_metrics}
          thisMonth={data?.total_metrics_from_this_month}
          note={
            data ? `Values recorded across ${plural(data.metric_types, 'metric type')}` : undefined
          }
          withNote
        />
        <StatCard
          title="Bonuses Awarded"
          icon={IconAward}
          color="grape"
          value={data?.bonuses_awarded}
          thisMonth={data?.bonuses_awarded_this_month}
        />
      </SimpleGrid>

      <Paper withBorder p="md" component="section" aria-labelledby="recent-employees-title">
        <Title order={2} size="h4" id="recent-employees-title" mb="sm">
          Recent Employees
        </Title>
        {metrics.isPending ? (
          <Center mih={RECENT_TABLE_HEIGHT} role="status">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>{HR_DASHBOARD_TEXTS.loading}</Text>
            </Group>
          </Center>
        ) : !data || data.recent_employees.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {metrics.isError ? 'Recent employees could not be loaded.' : HR_DASHBOARD_TEXTS.empty}
          </Text>
        ) : (
          <RecentEmployeesTable employees={data.recent_employees} />
        )}
      </Paper>

      <HrCharts />
    </Stack>
  );
}
