import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { UserType } from '#contract/roles';
import type { User } from '#contract/users';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { formatDate, fullName } from '../../../lib/format';

// Filled in dark shades: white small text keeps WCAG AA contrast, on striped rows too.
const TYPE_COLORS: Record<UserType, string> = {
  admin: 'red.9',
  manager: 'blue.9',
  employee: 'teal.9',
};

export interface UserTableProps {
  users: User[];
  currentUserId: number | undefined;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

/** SPEC.md's user table: User, Email, Type badge, Created At, Actions. */
export function UserTable({ users, currentUserId, onEdit, onDelete }: UserTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const name = fullName(user.firstname, user.lastname);
            const self = user.id === currentUserId;
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <InitialsAvatar firstName={user.firstname} lastName={user.lastname} />
                    <div>
                      <Text size="sm" fw={600}>
                        {name}
                        {self ? ' (you)' : ''}
                      </Text>
                      {user.employee_name && (
                        <Text size="xs" c="dimmed">
                          Staff record: {user.employee_name}
                        </Text>
                      )}
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  <Badge color={TYPE_COLORS[user.user_type]} variant="filled" tt="capitalize">
                    {user.user_type}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(user.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        onClick={() => onEdit(user)}
                        aria-label={`Edit ${name}`}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {!self && (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => onDelete(user)}
                          aria-label={`Delete ${name}`}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
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
