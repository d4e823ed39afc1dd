import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import type { Bonus } from '#contract/bonuses';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import type { EmployeeChoice } from '../../components/employee-select';
import { ErrorBanner } from '../../components/error-banner';
import { employeeNameOf } from '../../components/performance-format';
import { TablePager } from '../../components/table-pager';
import { usePageInRange } from '../../components/use-page-in-range';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDeleteBonus } from './api/delete-bonus';
import { useBonuses } from './api/list-bonuses';
import { BONUS_TEXTS } from './bonus-form-rules';
import { AwardBonusModal } from './components/award-bonus-modal';
import { BonusTable } from './components/bonus-table';
import { EditBonusModal } from './components/edit-bonus-modal';
import { EmployeePicker } from './components/employee-picker';

export const BONUSES_PAGE_SIZE = 25;

/** /bonuses is for HR; an employee is sent to their own view-only list (SPEC.md section 6). */
export default function BonusesRoute() {
  const { user } = useSession();
  if (user?.user_type === 'employee') return <Navigate to="/my-bonuses" replace />;
  return <BonusesPage />;
}

/** /bonuses, Bonus Management (SPEC.md section 2): filtered and paged on the server. */
function BonusesPage() {
  const [employee, setEmployee] = useState<EmployeeChoice | null>(null);
  const [page, setPage] = useState(1);
  // Each opening of the add modal gets a fresh form (a new key); 0 means closed.
  const [adding, setAdding] = useState(0);
  const [editing, setEditing] = useState<Bonus | null>(null);
  const [deleting, setDeleting] = useState<Bonus | null>(null);

  const list = useBonuses({ page, limit: BONUSES_PAGE_SIZE, employee_id: employee?.id });
  const remove = useDeleteBonus();
  usePageInRange(page, BONUSES_PAGE_SIZE, list.data?.pagination.total, setPage);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifications.show({ color: 'green', message: `${deleting.bonus_name} was deleted` });
      setDeleting(null);
    } catch {
      // The modal shows the error and stays open.
    }
  }

  const bonuses = list.isError ? [] : (list.data?.bonuses ?? []);
  const firstLoadFailed = list.isError && !list.data;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Bonus Management</Title>
          <Text c="dimmed">Bonuses awarded to staff, newest first.</Text>
        </div>
        <Group gap="sm">
          <ExportCsvButton
            path="/bonuses/export.csv"
            query={{ employee_id: employee?.id }}
            access="hr"
            fallbackName={`${EXPORT_FILE_NAMES.bonuses}.csv`}
          />
          <Button
            leftSection={<IconGift size={18} aria-hidden />}
            onClick={() => setAdding((n) => n + 1)}
          >
            Add Bonus
          </Button>
        </Group>
      </Group>

      {list.isError && (
        <ErrorBanner
          message={firstLoadFailed ? BONUS_TEXTS.loadFailed : errorMessage(list.error)}
          detail={firstLoadFailed ? errorMessage(list.error) : null}
        />
      )}

      <Paper withBorder p="md">
        <div style={{ maxWidth: 360, marginBottom: 'var(--mantine-spacing-md)' }}>
          <EmployeePicker
            ariaLabel="Filter by employee"
            placeholder="All Employees"
            clearable
            value={employee}
            onChange={(choice) => {
              setEmployee(choice);
              setPage(1);
            }}
          />
        </div>
        {list.isPending ? (
          <Center py="xl" role="status">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>{BONUS_TEXTS.loading}</Text>
            </Group>
          </Center>
        ) : bonuses.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {BONUS_TEXTS.empty}
          </Text>
        ) : (
          <BonusTable
            bonuses={bonuses}
            onEdit={setEditing}
            onDelete={(bonus) => {
              remove.reset();
              setDeleting(bonus);
            }}
          />
        )}
        <TablePager
          page={page}
          limit={BONUSES_PAGE_SIZE}
          total={list.isError ? 0 : (list.data?.pagination.total ?? 0)}
          onPageChange={setPage}
          noun="bonuses"
        />
      </Paper>

      <AwardBonusModal
        key={`add-${adding}`}
        opened={adding > 0}
        onClose={() => setAdding(0)}
        onAwarded={(bonus) =>
          notifications.show({
            color: 'green',
            message: `${bonus.bonus_name} was awarded to ${employeeNameOf(bonus)}`,
          })
        }
      />
      {editing && (
        <EditBonusModal
          key={`edit-${editing.id}`}
          bonus={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete Bonus"
        name={deleting?.bonus_name ?? ''}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        details={
          deleting && (
            <Text size="sm">
              Employee: <strong>{employeeNameOf(deleting)}</strong> ({deleting.email}), awarded on{' '}
              {formatDate(deleting.created_at)}.
            </Text>
          )
        }
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
