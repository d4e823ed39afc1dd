import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { InitialsAvatar } from '../../../components/initials-avatar';
import {
  employeeNameOf,
  formatMetricValue,
  metricNameOf,
  unitOf,
} from '../../../components/performance-format';
import { formatDate } from '../../../lib/format';

/**
 * SPEC.md section 2: a row whose employee or metric type is not known is hidden. The server
 * already leaves out values whose employee or type vanished; this keeps the screen honest if one
 * still arrives without them.
 */
export function isKnownMetric(metric: PerformanceMetric): boolean {
  const hasEmployee = Boolean(`${metric.first_name ?? ''}${metric.last_name ?? ''}`.trim());
  const hasType = Boolean((metric.metric_name || metric.metric_type_name || '').trim());
  return hasEmployee && hasType;
}

export interface PerformanceMetricTableProps {
  metrics: PerformanceMetric[];
  onEdit: (metric: PerformanceMetric) => void;
  onDelete: (metric: PerformanceMetric) => void;
}

/** The table of /metrics: User, Email, Metric Type, Units, Value, Date, Actions. */
export function PerformanceMetricTable({ metrics, onEdit, onDelete }: PerformanceMetricTableProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Metric Type</Table.Th>
            <Table.Th>Units</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {metrics.map((metric) => {
            const name = employeeNameOf(metric);
            const metricName = metricNameOf(metric);
            const unit = unitOf(metric);
            const what = `${metricName} of ${name} on ${formatDate(metric.created_at)}`;
            return (
              <Table.Tr key={metric.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <InitialsAvatar
                      firstName={metric.first_name}
                      lastName={metric.last_name}
                      size="md"
                    />
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{metric.email}</Table.Td>
                <Table.Td>
                  <Text size="sm">{metricName}</Text>
                  {metric.comment && (
                    <Text size="xs" c="dimmed" lineClamp={2} maw={260}>
                      {metric.comment}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{unit || 'N/A'}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {formatMetricValue(metric.value, null)}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(metric.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        onClick={() => onEdit(metric)}
                        aria-label={`Edit ${what}`}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(metric)}
                        aria-label={`Delete ${what}`}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
