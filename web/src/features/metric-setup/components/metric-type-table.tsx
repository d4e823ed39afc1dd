import { Text } from '@mantine/core';
import type { MetricType } from '#contract/metric-types';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import type { SortState } from '../../../components/sortable-header';
import { formatBound } from '../metric-type-form-rules';

export type MetricTypeSort = SortState<'metric_name' | 'created_at'>;

export interface MetricTypeTableProps {
  metricTypes: MetricType[];
  sort: MetricTypeSort;
  onSort: (next: MetricTypeSort) => void;
  onEdit: (type: MetricType) => void;
  onDelete: (type: MetricType) => void;
}

/** The table of /metric-setup: Metric Name, Description, Unit, Min Value, Max Value, Actions. */
export function MetricTypeTable({
  metricTypes,
  sort,
  onSort,
  onEdit,
  onDelete,
}: MetricTypeTableProps) {
  const columns: DataColumn<MetricType, MetricTypeSort['sort']>[] = [
    {
      header: 'Metric Name',
      sortField: 'metric_name',
      cell: (type) => (
        <Text size="sm" fw={600}>
          {type.metric_name}
        </Text>
      ),
    },
    {
      header: 'Description',
      cell: (type) => (
        <Text size="sm" lineClamp={2} maw={360}>
          {type.description || 'N/A'}
        </Text>
      ),
    },
    { header: 'Unit', cell: (type) => type.measurement_unit || 'N/A' },
    { header: 'Min Value', cell: (type) => formatBound(type.minimum_value) },
    { header: 'Max Value', cell: (type) => formatBound(type.maximum_value) },
    {
      header: 'Actions',
      cell: (type) => (
        <RowActions
          what={type.metric_name}
          onEdit={() => onEdit(type)}
          onDelete={() => onDelete(type)}
        />
      ),
    },
  ];
  return (
    <DataTable
      label="Metric types"
      rows={metricTypes}
      rowKey={(type) => type.id}
      columns={columns}
      minWidth={760}
      sort={sort}
      onSort={onSort}
    />
  );
}
