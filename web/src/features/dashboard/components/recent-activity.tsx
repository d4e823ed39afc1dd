import { Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner';
import { formatMetricValue, metricNameOf, unitOf } from '../../../components/performance-format';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useRecentBonuses } from '../api/get-recent-bonuses';
import { useRecentMetrics } from '../api/get-recent-metrics';
import { belowTheFold } from './below-the-fold';

interface RecentListProps {
  id: string;
  title: string;
  loadingText: string;
  emptyText: string;
  moreTo: string;
  moreText: string;
  isPending: boolean;
  error: unknown;
  count: number;
  children: ReactNode;
}

function RecentList({
  id,
  title,
  loadingText,
  emptyText,
  moreTo,
  moreText,
  isPending,
  error,
  count,
  children,
}: RecentListProps) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} style={belowTheFold(390)}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {count > 0 && (
          <Anchor component={Link} to={moreTo} size="sm">
            {moreText}
          </Anchor>
        )}
      </Group>
      {error ? <ErrorBanner message={errorMessage(error)} /> : null}
      {isPending ? (
        // About the height of five items, so the sections below stay put as the list arrives.
        <Center mih={230} role="status">
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">{loadingText}</Text>
          </Group>
        </Center>
      ) : count === 0 ? (
        error ? null : (
          <Text c="dimmed" size="sm" ta="center" py="md">
            {emptyText}
          </Text>
        )
      ) : (
        <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}

const rowStyle = {
  padding: 'var(--mantine-spacing-xs) 0',
  borderBottom: '1px solid var(--mantine-color-default-border)',
};

/** SPEC.md's Recent Performance Metrics: the first 5, with name, value and unit, and date. */
export function RecentMetrics() {
  const metrics = useRecentMetrics();
  const items = metrics.isError ? [] : (metrics.data ?? []);
  return (
    <RecentList
      id="recent-metrics-title"
      title="Recent Performance Metrics"
      loadingText="Loading performance metrics..."
      emptyText="No performance metrics recorded yet."
      moreTo="/my-metrics"
      moreText="View all metrics"
      isPending={metrics.isPending}
      error={metrics.error}
      count={items.length}
    >
      {items.map((metric) => (
        <li key={metric.id} style={rowStyle}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {metricNameOf(metric)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(metric.created_at)}
              </Text>
            </div>
            <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatMetricValue(metric.value, unitOf(metric))}
            </Text>
          </Group>
        </li>
      ))}
    </RecentList>
  );
}

/** SPEC.md's Recent Bonuses: the first 5, with name, description and date. */
export function RecentBonuses() {
  const bonuses = useRecentBonuses();
  const items = bonuses.isError ? [] : (bonuses.data ?? []);
  return (
    <RecentList
      id="recent-bonuses-title"
      title="Recent Bonuses"
      loadingText="Loading bonuses..."
      emptyText="No bonuses awarded yet."
      moreTo="/my-bonuses"
      moreText="View all bonuses"
      isPending={bonuses.isPending}
      error={bonuses.error}
      count={items.length}
    >
      {items.map((bonus) => (
        <li key={bonus.id} style={rowStyle}>
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {bonus.bonus_name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {bonus.description}
              </Text>
            </div>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(bonus.created_at)}
            </Text>
          </Group>
        </li>
      ))}
    </RecentList>
  );
}
