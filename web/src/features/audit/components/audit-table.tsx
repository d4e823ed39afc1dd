import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { AuditEntry } from '#contract/audit';
import { formatDateTime } from '../../../lib/format';

/**
 * The table of SPEC.md's /audit screen: Name, Description, Created At, Updated At and a view
 * action. There is no edit or remove action: entries are immutable (docs/decisions.md).
 */
export function AuditTable({
  entries,
  onView,
}: {
  entries: AuditEntry[];
  onView: (entry: AuditEntry) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th>Updated At</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {entry.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {entry.description}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.created_at)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.updated_at)}
              </Table.Td>
              <Table.Td>
                <Tooltip label="View">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`View ${entry.name} of ${formatDateTime(entry.created_at)}`}
                    onClick={() => onView(entry)}
                  >
                    <IconEye size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
