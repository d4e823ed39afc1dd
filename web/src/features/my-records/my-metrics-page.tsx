import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { metricNameOf, unitOf } from '../../components/performance-format';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useMyPerformanceMetrics } from './api/get-my-performance-metrics';
import { ViewOnlyPage } from './components/view-only-page';

export const MY_METRICS_TEXTS = {
  title: 'Your Performance Metrics',
  loading: 'Loading performance metrics...',
  empty: 'No performance metrics recorded yet.',
} as const;

/** /my-metrics: the signed-in employee's own metric values as view-only cards (SPEC.md 2). */
export default function MyMetricsPage() {
  const metrics = useMyPerformanceMetrics();
  const items = metrics.isError ? [] : (metrics.data ?? []);
  return (
    <ViewOnlyPage
      title={MY_METRICS_TEXTS.title}
      intro="Values your managers have recorded for you, newest first."
      loadingText={MY_METRICS_TEXTS.loading}
      emptyText={MY_METRICS_TEXTS.empty}
      isPending={metrics.isPending}
      error={metrics.error}
      count={items.length}
    >
      {items.map((metric) => {
        const name = metricNameOf(metric);
        const unit = unitOf(metric);
        return (
          <Card key={metric.id} withBorder padding="md" component="li" aria-label={name}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
              <Title order={2} size="h4">
                {name}
              </Title>
              <Badge color="teal.9" variant="filled">
                Recorded
              </Badge>
            </Group>
            <Group gap={6} align="baseline" mb="xs">
              <Text fz={32} fw={700} lh={1}>
                {formatNumber(metric.value, 2)}
              </Text>
              {unit && (
                <Text size="lg" c="dimmed">
                  {unit}
                </Text>
              )}
            </Group>
            {metric.comment && (
              <Text size="sm" mb="xs">
                {metric.comment}
              </Text>
            )}
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Recorded: {formatDateTime(metric.created_at)}
              </Text>
              <Text size="xs" c="dimmed">
                Updated: {formatDateTime(metric.updated_at)}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </ViewOnlyPage>
  );
}
