import { Badge } from '@mantine/core';
import type { UserType } from '#contract/roles';
import type { User } from '#contract/users';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { PersonCell } from '../../../components/person-cell';
import { RowActions } from '../../../components/row-actions';
import { formatDate, fullName } from '../../../lib/format';
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
}

/** SPEC.md's user table: User, Email, Type badge, Created At, Actions. */
export function UserTable({ users, currentUserId, onEdit, onDelete }: UserTableProps) {
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
        <Badge color={TYPE_COLORS[user.user_type]} variant="filled" tt="capitalize">
          {user.user_type}
        </Badge>
      ),
    },
    { header: 'Created At', cell: (user) => formatDate(user.created_at) },
    {
      header: 'Actions',
      cell: (user) => (
        <RowActions
          what={fullName(user.firstname, user.lastname)}
          onEdit={() => onEdit(user)}
          // Nobody deletes their own account.
          onDelete={user.id === currentUserId ? undefined : () => onDelete(user)}
        />
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
