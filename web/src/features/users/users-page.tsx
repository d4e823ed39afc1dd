import { Button, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { UserType } from '#contract/roles';
import type { User } from '#contract/users';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { LoadErrorBanner } from '../../components/error-banner';
import { ListPanel } from '../../components/list-panel';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { fullName } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/list-users';
import { GoogleSignInNote } from './components/google-sign-in-note';
import { LinkEmployeeModal } from './components/link-employee-modal';
import { TemporaryPasswordModal, type IssuedPassword } from './components/temporary-password-modal';
import { UnlockUserModal } from './components/unlock-user-modal';
import { UserFormModal } from './components/user-form-modal';
import { UserTable } from './components/user-table';

export const USERS_PAGE_SIZE = 25;

/** SPEC.md's type filter (All Types, Manager, Admin), plus Employee. */
const TYPE_FILTER = [
  { value: 'all', label: 'All Types' },
  { value: 'manager', label: 'Manager' },
  { value: 'admin', label: 'Admin' },
  { value: 'employee', label: 'Employee' },
];

/** /users, User Management (admins only): filter, table, add, edit, delete and link modals. */
export default function UsersPage() {
  const { user: me } = useSession();
  const [type, setType] = useState('all');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  // Each opening of the add modal gets a fresh form (a new key); 0 means closed.
  const [adding, setAdding] = useState(0);
  const [editing, setEditing] = useState<User | null>(null);
  const [linking, setLinking] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const [unlocking, setUnlocking] = useState<User | null>(null);

  const list = useUsers({
    page,
    limit: USERS_PAGE_SIZE,
    user_type: type === 'all' ? undefined : (type as UserType),
    search: debouncedSearch || undefined,
    sort: 'created_at',
    order: 'desc',
  });
  const deletion = useDeleteConfirmation<User>(
    useDeleteUser(),
    (user) => `${fullName(user.firstname, user.lastname)} was deleted`,
  );

  const users = list.isError ? [] : (list.data?.users ?? []);
  const deleting = deletion.target;

  return (
    <Stack>
      <PageHeader
        title="User Management"
        description="Accounts that can sign in, their roles, and links to staff records."
        actions={
          <>
            <Button
              variant="light"
              leftSection={<IconLink size={18} aria-hidden />}
              onClick={() => setLinking(true)}
            >
              Link Employee
            </Button>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setAdding((n) => n + 1)}
            >
              Add User
            </Button>
          </>
        }
      />

      <GoogleSignInNote />
      <LoadErrorBanner error={list.error} firstLoad={!list.data} />

      <ListPanel
        filters={
          <>
            <SearchInput
              aria-label="Search users"
              placeholder="Search by name or email"
              value={search}
              onChange={(text) => {
                setSearch(text);
                setPage(1);
              }}
              style={{ flex: '1 1 240px' }}
            />
            <Select
              aria-label="Filter by user type"
              data={TYPE_FILTER}
              value={type}
              onChange={(value) => {
                setType(value ?? 'all');
                setPage(1);
              }}
              allowDeselect={false}
              w={180}
            />
          </>
        }
        loading={list.isPending && 'Loading users...'}
        empty={users.length === 0 && 'No users found'}
        pager={{
          page,
          limit: USERS_PAGE_SIZE,
          total: list.isError ? 0 : (list.data?.pagination.total ?? 0),
          onPageChange: setPage,
          noun: 'users',
        }}
      >
        <UserTable
          users={users}
          currentUserId={me?.id}
          onEdit={setEditing}
          onDelete={deletion.ask}
          onUnlock={setUnlocking}
        />
      </ListPanel>

      <UserFormModal
        key={`add-${adding}`}
        opened={adding > 0}
        onClose={() => setAdding(0)}
        onCreated={({ user, temporary_password }) => {
          const name = fullName(user.firstname, user.lastname);
          if (temporary_password) {
            setIssued({ name, email: user.email, password: temporary_password });
          } else {
            notifications.show({ color: 'green', message: `${name} was added` });
          }
        }}
      />
      {editing && (
        <UserFormModal
          key={`edit-${editing.id}`}
          opened
          user={editing}
          currentUserId={me?.id}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        {...deletion.modalProps}
        title="Delete User"
        name={deleting ? fullName(deleting.firstname, deleting.lastname) : ''}
      />
      <LinkEmployeeModal
        opened={linking}
        onClose={() => setLinking(false)}
        onLinked={(employee, result) => {
          const name = fullName(employee.first_name, employee.last_name);
          setLinking(false);
          if (result.temporary_password) {
            setIssued({ name, email: result.user.email, password: result.temporary_password });
          } else {
            notifications.show({ color: 'green', message: `${name}: ${result.message}` });
          }
        }}
      />
      <TemporaryPasswordModal issued={issued} onClose={() => setIssued(null)} />
      <UnlockUserModal user={unlocking} onClose={() => setUnlocking(null)} />
    </Stack>
  );
}
