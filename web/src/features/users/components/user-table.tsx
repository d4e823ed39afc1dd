import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import type { UserType } from '#contract/roles';
import type { User } from '#contract/users';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PersonCell } from '../../../components/person-cell';
import { RowActions } from '../../../components/row-actions';
import { formatDate, formatDateTime, fullName } from '../../../lib/format';
import { EmailText } from '../../../components/email-text';

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
  onUnlock: (user: User) => void;
}

/** Locked now: a lock that has run out since the list was read no longer counts. */
export function isLocked(user: User, now = Date.now()): boolean {
  return user.locked_until !== null && Date.parse(user.locked_until) > now;
}

/**
 * SPEC.md's user table: User, Email, Type badge, Created At, Actions; a locked account also has
 * a "Locked until" badge and an Unlock action.
 */
export function UserTable({ users, currentUserId, onEdit, onDelete, onUnlock }: UserTableProps) {
  const now = Date.now();
  const columns: DataColumn<User>[] = [
    {
      header: 'User',
      cell: (user) => (
        <PersonCell
          firstName={user.firstname}
          lastName={user.lastname}
          name={`${fullName(user.firstname, user.lastname)}${user.id === currentUserId ? ' (you)' : ''}`}
          detail={user.employee_name && `Staff record: ${user.employee_name}`}
        />
      ),
    },
    { header: 'Email', cell: (user) => <EmailText email={user.email} /> },
    {
      header: 'Type',
      cell: (user) => (
        <Group gap={6} wrap="wrap">
          <Badge color={TYPE_COLORS[user.user_type]} variant="filled" tt="capitalize">
            {user.user_type}
          </Badge>
          {isLocked(user, now) && (
            <Badge color="orange.9" variant="filled" title="Too many wrong passwords">
              Locked until {formatDateTime(user.locked_until)}
            </Badge>
          )}
        </Group>
      ),
    },
    { header: 'Created At', cell: (user) => formatDate(user.created_at) },
    {
      header: 'Actions',
      cell: (user) => (
        <Group gap={4} wrap="nowrap">
          {isLocked(user, now) && (
            <Tooltip label="Unlock">
              <ActionIcon
                variant="subtle"
                color="orange"
                onClick={() => onUnlock(user)}
                aria-label={`Unlock ${fullName(user.firstname, user.lastname)}`}
              >
                <IconLockOpen size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <RowActions
            what={fullName(user.firstname, user.lastname)}
            onEdit={() => onEdit(user)}
            // Nobody deletes their own account.
            onDelete={user.id === currentUserId ? undefined : () => onDelete(user)}
          />
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      label="Users"
      rows={users}
      rowKey={(user) => user.id}
      columns={columns}
      minWidth={720}
    />
  );
}
