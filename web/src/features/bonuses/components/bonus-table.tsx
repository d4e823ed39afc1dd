import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Bonus } from '#contract/bonuses';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { employeeNameOf } from '../../../components/performance-format';
import { formatDate } from '../../../lib/format';

export interface BonusTableProps {
  bonuses: Bonus[];
  onEdit: (bonus: Bonus) => void;
  onDelete: (bonus: Bonus) => void;
}

/** The table of /bonuses: Employee (name and email), Bonus Name, Description, Created At. */
export function BonusTable({ bonuses, onEdit, onDelete }: BonusTableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th>Bonus Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bonuses.map((bonus) => {
            const name = employeeNameOf(bonus);
            const what = `${bonus.bonus_name} of ${name}`;
            return (
              <Table.Tr key={bonus.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <InitialsAvatar
                      firstName={bonus.first_name}
                      lastName={bonus.last_name}
                      size="md"
                    />
                    <div>
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {bonus.email}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {bonus.bonus_name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} maw={360}>
                    {bonus.description}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(bonus.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        onClick={() => onEdit(bonus)}
                        aria-label={`Edit ${what}`}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(bonus)}
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
