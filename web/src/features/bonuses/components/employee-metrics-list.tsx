import { Badge, Box, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorBanner } from '../../../components/error-banner';
import { formatMetricValue, metricNameOf, unitOf } from '../../../components/performance-format';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { EMPLOYEE_METRICS_LIMIT, useEmployeeMetrics } from '../api/list-employee-metrics';
import { BONUS_TEXTS } from '../bonus-form-rules';

export interface EmployeeMetricsListProps {
  employeeId: number;
  employeeName: string;
}

/**
 * The chosen employee's performance metrics in the Add Bonus modal (SPEC.md section 2): name,
 * value with unit, comment and date of each, so the bonus is awarded knowing the record.
 */
export function EmployeeMetricsList({ employeeId, employeeName }: EmployeeMetricsListProps) {
  const metrics = useEmployeeMetrics(employeeId);
  const items = metrics.data ?? [];
  const headingId = `employee-metrics-${employeeId}`;
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id={headingId}>
          Performance metrics of {employeeName}
        </Title>
        {items.length > 0 && (
          <Badge variant="filled" color="gray.7">
            {items.length >= EMPLOYEE_METRICS_LIMIT
              ? `Latest ${EMPLOYEE_METRICS_LIMIT}`
              : `${items.length} ${items.length === 1 ? 'value' : 'values'}`}
          </Badge>
        )}
      </Group>
      {metrics.isPending ? (
        <Center py="sm" role="status">
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Loading performance metrics...</Text>
          </Group>
        </Center>
      ) : metrics.isError ? (
        <ErrorBanner message={errorMessage(metrics.error)} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {BONUS_TEXTS.noMetrics}
        </Text>
      ) : (
        // A scrolling list is focusable so it can be scrolled from the keyboard.
        <Box
          role="region"
          aria-labelledby={headingId}
          tabIndex={0}
          mah={240}
          style={{ overflowY: 'auto' }}
          pr="xs"
        >
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((metric) => (
              <li key={metric.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {metricNameOf(metric)}
                    </Text>
                    {metric.comment && (
                      <Text size="xs" c="dimmed">
                        {metric.comment}
                      </Text>
                    )}
                  </div>
                  <div style={{ textAlign: 'right', flexShrink: 0 }}>
                    <Text size="sm" fw={600}>
                      {formatMetricValue(metric.value, unitOf(metric))}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(metric.created_at)}
                    </Text>
                  </div>
                </Group>
              </li>
            ))}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
