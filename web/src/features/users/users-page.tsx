import {
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLink, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { UserType } from '#contract/roles';
import { USER_MESSAGES } from '#contract/user-options';
import type { User } from '#contract/users';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { ErrorBanner } from '../../components/error-banner';
import { TablePager } from '../../components/table-pager';
import { errorMessage } from '../../lib/api-client';
import { fullName } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/list-users';
import { LinkEmployeeModal } from './components/link-employee-modal';
import { TemporaryPasswordModal, type IssuedPassword } from './components/temporary-password-modal';
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
  const [deleting, setDeleting] = useState<User | null>(null);
  const [linking, setLinking] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);

  const list = useUsers({
    page,
    limit: USERS_PAGE_SIZE,
    user_type: type === 'all' ? undefined : (type as UserType),
    search: debouncedSearch || undefined,
    sort: 'created_at',
    order: 'desc',
  });
  const remove = useDeleteUser();

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifications.show({
        color: 'green',
        message: `${fullName(deleting.firstname, deleting.lastname)} was deleted`,
      });
      setDeleting(null);
    } catch {
      // The modal shows the error and stays open.
    }
  }

  const users = list.isError ? [] : (list.data?.users ?? []);
  const firstLoadFailed = list.isError && !list.data;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>User Management</Title>
          <Text c="dimmed">
            Accounts that can sign in, their roles, and links to staff records.
          </Text>
        </div>
        <Group gap="sm">
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
        </Group>
      </Group>

      {list.isError && (
        <ErrorBanner
          message={firstLoadFailed ? USER_MESSAGES.loadFailed : errorMessage(list.error)}
          detail={firstLoadFailed ? errorMessage(list.error) : null}
        />
      )}

      <Paper withBorder p="md">
        <Group gap="sm" mb="md" wrap="wrap">
          <TextInput
            aria-label="Search users"
            placeholder="Search by name or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
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
        </Group>
        {list.isPending ? (
          <Center py="xl" role="status">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>Loading users...</Text>
            </Group>
          </Center>
        ) : users.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            No users found
          </Text>
        ) : (
          <UserTable
            users={users}
            currentUserId={me?.id}
            onEdit={setEditing}
            onDelete={(user) => {
              remove.reset();
              setDeleting(user);
            }}
          />
        )}
        <TablePager
          page={page}
          limit={USERS_PAGE_SIZE}
          total={list.isError ? 0 : (list.data?.pagination.total ?? 0)}
          onPageChange={setPage}
          noun="users"
        />
      </Paper>

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
        opened={deleting !== null}
        title="Delete User"
        name={deleting ? fullName(deleting.firstname, deleting.lastname) : ''}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
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
    </Stack>
  );
}
