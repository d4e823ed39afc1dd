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
import { IconFileImport, IconPlus, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  DEPARTMENTS,
  EMPLOYEE_STATUSES,
  STAFF_MESSAGES,
  STATUS_LABELS,
  type EmployeeSortField,
  type EmployeeStatus,
} from '#contract/employee-options';
import type { Employee } from '#contract/employees';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import { ErrorBanner } from '../../components/error-banner';
import type { SortState } from '../../components/sortable-header';
import { TablePager } from '../../components/table-pager';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import { isHr } from '#contract/roles';
import { errorMessage } from '../../lib/api-client';
import { fullName } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDeleteEmployee } from './api/delete-employee';
import { useEmployeeStats } from './api/get-employee-stats';
import { useEmployees } from './api/list-employees';
import { StaffFormModal } from './components/staff-form-modal';
import { StaffImportModal } from './components/staff-import-modal';
import { StaffTable } from './components/staff-table';

export const STAFF_PAGE_SIZE = 25;

/**
 * /staff, Staff Management (SPEC.md section 2): server-side paging, search, filters and sorting,
 * so the list stays quick with 10,000 people; add and edit modals and a delete confirmation.
 */
export default function StaffPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [department, setDepartment] = useState<string | null>(null);
  const [status, setStatus] = useState<EmployeeStatus | null>(null);
  const [sort, setSort] = useState<SortState<EmployeeSortField>>({
    sort: 'last_name',
    order: 'asc',
  });
  // Each opening of the add modal gets a fresh form (a new key); 0 means closed.
  const [adding, setAdding] = useState(0);
  const [editing, setEditing] = useState<Employee | null>(null);
  const [deleting, setDeleting] = useState<Employee | null>(null);
  // As the add modal: a fresh import modal each time; 0 means closed.
  const [importing, setImporting] = useState(0);
  const { user } = useSession();
  const hr = user !== null && isHr(user.user_type);

  // What the list shows, apart from paging: the export takes the same query.
  const shown = {
    search: debouncedSearch || undefined,
    department: department ?? undefined,
    status: status ?? undefined,
    sort: sort.sort,
    order: sort.order,
  };
  const list = useEmployees({ page, limit: STAFF_PAGE_SIZE, ...shown });
  const stats = useEmployeeStats();
  const remove = useDeleteEmployee();

  // Any change of what is shown starts again at the first page.
  const refine =
    <T,>(apply: (value: T) => void) =>
    (value: T) => {
      apply(value);
      setPage(1);
    };

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifications.show({
        color: 'green',
        message: `${fullName(deleting.first_name, deleting.last_name)} was deleted`,
      });
      setDeleting(null);
    } catch {
      // The modal shows the error and stays open.
    }
  }

  const employees = list.isError ? [] : (list.data?.employees ?? []);
  const total = list.isError ? 0 : (list.data?.pagination.total ?? 0);
  const firstLoadFailed = list.isError && !list.data;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Staff Management</Title>
          <Text c="dimmed">Manage staff records, roles and details.</Text>
        </div>
        <Group gap="sm">
          <ExportCsvButton
            path="/employees/export.csv"
            query={shown}
            access="hr"
            fallbackName={`${EXPORT_FILE_NAMES.staff}.csv`}
          />
          {hr && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden />}
              onClick={() => setImporting((n) => n + 1)}
            >
              Import CSV
            </Button>
          )}
          <Button
            component={Link}
            to="/create"
            variant="light"
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            Add Staff Member
          </Button>
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setAdding((n) => n + 1)}
          >
            Add New Staff
          </Button>
        </Group>
      </Group>

      {list.isError && (
        <ErrorBanner
          message={firstLoadFailed ? STAFF_MESSAGES.loadFailed : errorMessage(list.error)}
          detail={firstLoadFailed ? errorMessage(list.error) : null}
        />
      )}

      <Paper withBorder p="md">
        <Group gap="sm" mb="md" wrap="wrap">
          <TextInput
            aria-label="Search staff"
            placeholder="Search by name, email or position"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            aria-label="Filter by department"
            placeholder="All Departments"
            clearable
            data={stats.data?.configured_departments ?? [...DEPARTMENTS]}
            value={department}
            onChange={refine(setDepartment)}
            w={220}
          />
          <Select
            aria-label="Filter by status"
            placeholder="All Statuses"
            clearable
            data={EMPLOYEE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={status}
            onChange={refine((value: string | null) => setStatus(value as EmployeeStatus | null))}
            w={170}
          />
        </Group>

        {list.isPending ? (
          <Center py="xl" role="status">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>{STAFF_MESSAGES.loading}</Text>
            </Group>
          </Center>
        ) : employees.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {debouncedSearch || department || status
              ? 'No employees match these filters'
              : 'No employees found'}
          </Text>
        ) : (
          <StaffTable
            employees={employees}
            sort={sort}
            onSort={refine(setSort)}
            onEdit={setEditing}
            onDelete={(employee) => {
              remove.reset();
              setDeleting(employee);
            }}
          />
        )}
        <TablePager
          page={page}
          limit={STAFF_PAGE_SIZE}
          total={total}
          onPageChange={setPage}
          noun="employees"
        />
      </Paper>

      <StaffFormModal
        key={`add-${adding}`}
        opened={adding > 0}
        positions={stats.data?.positions ?? []}
        onClose={() => setAdding(0)}
      />
      <StaffImportModal
        key={`import-${importing}`}
        opened={importing > 0}
        onClose={() => setImporting(0)}
      />
      {editing && (
        <StaffFormModal
          key={`edit-${editing.id}`}
          opened
          employee={editing}
          positions={stats.data?.positions ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete Staff Member"
        name={deleting ? fullName(deleting.first_name, deleting.last_name) : ''}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        details={
          <Text size="sm" c="dimmed">
            Their performance metrics, bonuses and questions are deleted with them, and their
            account is unlinked.
          </Text>
        }
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
