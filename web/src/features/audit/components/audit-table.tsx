import { Text } from '@mantine/core';
import type { AuditEntry } from '#contract/audit';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { formatDateTime } from '../../../lib/format';

/**
 * The table of SPEC.md's /audit screen: Name, Description, Created At, Updated At and a view
 * action. There is no edit or remove action: entries are immutable (docs/product-decisions.md).
 */
export function AuditTable({
  entries,
  onView,
}: {
  entries: AuditEntry[];
  onView: (entry: AuditEntry) => void;
}) {
  const columns: DataColumn<AuditEntry>[] = [
    {
      header: 'Name',
      cell: (entry) => (
        <Text fw={600} size="sm">
          {entry.name}
        </Text>
      ),
    },
    {
      header: 'Description',
      cell: (entry) => (
        <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {entry.description}
        </Text>
      ),
    },
    { header: 'Created At', nowrap: true, cell: (entry) => formatDateTime(entry.created_at) },
    { header: 'Updated At', nowrap: true, cell: (entry) => formatDateTime(entry.updated_at) },
    {
      header: 'Actions',
      cell: (entry) => (
        <RowActions
          what={`${entry.name} of ${formatDateTime(entry.created_at)}`}
          onView={() => onView(entry)}
        />
      ),
    },
  ];
  return (
    <DataTable
      label="Audit trails"
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={columns}
      minWidth={640}
    />
  );
}
