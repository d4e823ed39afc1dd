import { Button, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { USER_TYPES } from '#contract/roles';
import type { User } from '#contract/users';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { LoadErrorBanner } from '../../components/error-banner';
import { ListPanel } from '../../components/list-panel';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import {
  enumParam,
  pageParam,
  textParam,
  useListUrlState,
  useUrlSearchText,
} from '../../components/use-list-url-state';
import { usePageInRange } from '../../components/use-page-in-range';
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

/** What the list shows, in the address (`#/users?type=employee&search=kim`). */
const LIST_PARAMS = {
  search: textParam(),
  type: enumParam([...USER_TYPES, 'all'], 'all'),
  page: pageParam(),
};

/** /users, User Management (admins only): filter, table, add, edit, delete and link modals. */
export default function UsersPage() {
  const { user: me } = useSession();
  const { values, set } = useListUrlState(LIST_PARAMS);
  const { page, type, search: debouncedSearch } = values;
  const [search, setSearch] = useUrlSearchText(debouncedSearch, (text) =>
    set({ search: text }, { replace: true }),
  );
  // Each opening of the add modal gets a fresh form (a new key); 0 means closed.
  const [adding, setAdding] = useState(0);
  const [editing, setEditing] = useState<User | null>(null);
  const [linking, setLinking] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const [unlocking, setUnlocking] = useState<User | null>(null);

  const list = useUsers({
    page,
    limit: USERS_PAGE_SIZE,
    user_type: type === 'all' ? undefined : type,
    search: debouncedSearch || undefined,
    sort: 'created_at',
    order: 'desc',
  });
  const deletion = useDeleteConfirmation<User>(
    useDeleteUser(),
    (user) => `${fullName(user.firstname, user.lastname)} was deleted`,
  );

  // Past the end (after a delete, or from an old link): the last page, in place of this entry.
  usePageInRange(
    page,
    USERS_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.pagination.total,
    (last) => set({ page: last }, { replace: true }),
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
              onChange={setSearch}
              style={{ flex: '1 1 240px' }}
            />
            <Select
              aria-label="Filter by user type"
              data={TYPE_FILTER}
              value={type}
              onChange={(value) =>
                set({ type: USER_TYPES.find((known) => known === value) ?? 'all' })
              }
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
          onPageChange: (next) => set({ page: next }),
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
