import { Text } from '@mantine/core';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PersonCell } from '../../../components/person-cell';
import {
  employeeNameOf,
  formatMetricValue,
  metricNameOf,
  unitOf,
} from '../../../components/performance-format';
import { RowActions } from '../../../components/row-actions';
import { formatDate } from '../../../lib/format';
import { EmailText } from '../../../components/email-text';

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
  const columns: DataColumn<PerformanceMetric>[] = [
    {
      header: 'User',
      cell: (metric) => (
        <PersonCell
          firstName={metric.first_name}
          lastName={metric.last_name}
          name={employeeNameOf(metric)}
        />
      ),
    },
    { header: 'Email', cell: (metric) => <EmailText email={metric.email} /> },
    {
      header: 'Metric Type',
      cell: (metric) => (
        <>
          <Text size="sm">{metricNameOf(metric)}</Text>
          {metric.comment && (
            <Text size="xs" c="dimmed" lineClamp={2} maw={260}>
              {metric.comment}
            </Text>
          )}
        </>
      ),
    },
    { header: 'Units', cell: (metric) => unitOf(metric) || 'N/A' },
    {
      header: 'Value',
      cell: (metric) => (
        <Text size="sm" fw={600}>
          {formatMetricValue(metric.value, null)}
        </Text>
      ),
    },
    { header: 'Date', cell: (metric) => formatDate(metric.created_at) },
    {
      header: 'Actions',
      cell: (metric) => (
        <RowActions
          what={`${metricNameOf(metric)} of ${employeeNameOf(metric)} on ${formatDate(metric.created_at)}`}
          onEdit={() => onEdit(metric)}
          onDelete={() => onDelete(metric)}
        />
      ),
    },
  ];
  return (
    <DataTable
      label="Performance metrics"
      rows={metrics}
      rowKey={(metric) => metric.id}
      columns={columns}
      minWidth={860}
    />
  );
}
