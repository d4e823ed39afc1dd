import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { MetricType } from '#contract/metric-types';
import { SortableHeader, type SortState } from '../../../components/sortable-header';
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
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableHeader field="metric_name" label="Metric Name" state={sort} onSort={onSort} />
            <Table.Th>Description</Table.Th>
            <Table.Th>Unit</Table.Th>
            <Table.Th>Min Value</Table.Th>
            <Table.Th>Max Value</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {metricTypes.map((type) => (
            <Table.Tr key={type.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {type.metric_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} maw={360}>
                  {type.description || 'N/A'}
                </Text>
              </Table.Td>
              <Table.Td>{type.measurement_unit || 'N/A'}</Table.Td>
              <Table.Td>{formatBound(type.minimum_value)}</Table.Td>
              <Table.Td>{formatBound(type.maximum_value)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      onClick={() => onEdit(type)}
                      aria-label={`Edit ${type.metric_name}`}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(type)}
                      aria-label={`Delete ${type.metric_name}`}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
