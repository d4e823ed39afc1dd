import { Button, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  DEPARTMENTS,
  EMPLOYEE_SORT_FIELDS,
  EMPLOYEE_STATUSES,
  STAFF_MESSAGES,
  STATUS_LABELS,
} from '#contract/employee-options';
import type { Employee } from '#contract/employees';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import { isHr } from '#contract/roles';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import { LoadErrorBanner } from '../../components/error-banner';
import { ListPanel } from '../../components/list-panel';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import {
  enumParam,
  optionalTextParam,
  pageParam,
  textParam,
  useListUrlState,
  useUrlSearchText,
} from '../../components/use-list-url-state';
import { usePageInRange } from '../../components/use-page-in-range';
import { fullName } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDeleteEmployee } from './api/delete-employee';
import { useEmployeeStats } from './api/get-employee-stats';
import { useEmployees } from './api/list-employees';
import { StaffFormModal } from './components/staff-form-modal';
import { StaffImportModal } from './components/staff-import-modal';
import { StaffTable } from './components/staff-table';

export const STAFF_PAGE_SIZE = 25;

const nameOf = (employee: Employee) => fullName(employee.first_name, employee.last_name);

/** What the list shows, in the address (`#/staff?search=ann&department=CIT&page=2`). */
const LIST_PARAMS = {
  search: textParam(),
  department: optionalTextParam(),
  status: enumParam(EMPLOYEE_STATUSES, null),
  sort: enumParam(EMPLOYEE_SORT_FIELDS, 'last_name'),
  order: enumParam(['asc', 'desc'], 'asc'),
  page: pageParam(),
};

/**
 * /staff, Staff Management (SPEC.md section 2): server-side paging, search, filters and sorting,
 * so the list stays quick with 10,000 people; add and edit modals and a delete confirmation.
 * One way to add staff: the Add New Staff modal, which links to /create for the full form.
 */
export default function StaffPage() {
  const { values, set } = useListUrlState(LIST_PARAMS);
  const { page, department, status } = values;
  const debouncedSearch = values.search;
  const [search, setSearch] = useUrlSearchText(debouncedSearch, (text) =>
    set({ search: text }, { replace: true }),
  );
  const sort = { sort: values.sort, order: values.order };
  // Each opening of the add modal gets a fresh form (a new key); 0 means closed.
  const [adding, setAdding] = useState(0);
  const [editing, setEditing] = useState<Employee | null>(null);
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
  const deletion = useDeleteConfirmation<Employee>(
    useDeleteEmployee(),
    (employee) => `${nameOf(employee)} was deleted`,
  );

  // Any change of what is shown starts again at the first page (the hook's `set` does so).
  const setPage = (next: number) => set({ page: next });
  // Past the end (after a delete, or from an old link): the last page, in place of this entry.
  usePageInRange(
    page,
    STAFF_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.pagination.total,
    (last) => set({ page: last }, { replace: true }),
  );

  const employees = list.isError ? [] : (list.data?.employees ?? []);
  const total = list.isError ? 0 : (list.data?.pagination.total ?? 0);
  const deleting = deletion.target;

  return (
    <Stack>
      <PageHeader
        title="Staff Management"
        description="Manage staff records, roles and details."
        actions={
          <>
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
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setAdding((n) => n + 1)}
            >
              Add New Staff
            </Button>
          </>
        }
      />

      <LoadErrorBanner error={list.error} firstLoad={!list.data} />

      <ListPanel
        filters={
          <>
            <SearchInput
              aria-label="Search staff"
              placeholder="Search by name, email or position"
              value={search}
              onChange={setSearch}
              style={{ flex: '1 1 260px' }}
            />
            <Select
              aria-label="Filter by department"
              placeholder="All Departments"
              clearable
              data={stats.data?.configured_departments ?? [...DEPARTMENTS]}
              value={department}
              onChange={(value) => set({ department: value })}
              w={220}
            />
            <Select
              aria-label="Filter by status"
              placeholder="All Statuses"
              clearable
              data={EMPLOYEE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              value={status}
              onChange={(value) =>
                set({ status: EMPLOYEE_STATUSES.find((known) => known === value) ?? null })
              }
              w={170}
            />
          </>
        }
        loading={list.isPending && STAFF_MESSAGES.loading}
        empty={
          employees.length === 0 &&
          (debouncedSearch || department || status
            ? 'No employees match these filters'
            : 'No employees found')
        }
        pager={{ page, limit: STAFF_PAGE_SIZE, total, onPageChange: setPage, noun: 'employees' }}
      >
        <StaffTable
          employees={employees}
          sort={sort}
          onSort={(next) => set(next)}
          onEdit={setEditing}
          onDelete={deletion.ask}
        />
      </ListPanel>

      <StaffFormModal
        key={`add-${adding}`}
        opened={adding > 0}
        positions={stats.data?.positions ?? []}
        onClose={() => setAdding(0)}
        onSaved={(saved) =>
          notifications.show({ color: 'green', message: `${nameOf(saved)} was added` })
        }
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
          onSaved={(saved) =>
            notifications.show({ color: 'green', message: `${nameOf(saved)} was updated` })
          }
        />
      )}
      <ConfirmDeleteModal
        {...deletion.modalProps}
        title="Delete Staff Member"
        name={deleting ? fullName(deleting.first_name, deleting.last_name) : ''}
        details={
          <Text size="sm" c="dimmed">
            Their performance metrics, bonuses and questions are deleted with them, and their
            account is unlinked.
          </Text>
        }
      />
    </Stack>
  );
}
