import { Text } from '@mantine/core';
import type { MetricTypeListItem } from '#contract/metric-types';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import type { SortState } from '../../../components/sortable-header';
import { formatBound, inUseReason } from '../metric-type-form-rules';

export type MetricTypeSort = SortState<'metric_name' | 'created_at'>;

export interface MetricTypeTableProps {
  metricTypes: MetricTypeListItem[];
  sort: MetricTypeSort;
  onSort: (next: MetricTypeSort) => void;
  onEdit: (type: MetricTypeListItem) => void;
  onDelete: (type: MetricTypeListItem) => void;
}

/**
 * The table of /metric-setup: Metric Name, Description, Unit, Min Value, Max Value, Actions. A
 * type with recorded values offers no Delete (the server would refuse it): the button is
 * disabled and says why.
 */
export function MetricTypeTable({
  metricTypes,
  sort,
  onSort,
  onEdit,
  onDelete,
}: MetricTypeTableProps) {
  const columns: DataColumn<MetricTypeListItem, MetricTypeSort['sort']>[] = [
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
          deleteBlockedBy={inUseReason(type.value_count)}
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
