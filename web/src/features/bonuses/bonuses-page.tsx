import { Button, Box, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import type { Bonus } from '#contract/bonuses';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import { EmployeePicker } from '../../components/employee-picker';
import { LoadErrorBanner } from '../../components/error-banner';
import { HrOnly } from '../../components/hr-only';
import { ListPanel } from '../../components/list-panel';
import { PageHeader } from '../../components/page-header';
import { employeeNameOf } from '../../components/performance-format';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { useEmployeeFilter } from '../../components/use-employee-filter';
import { idParam, pageParam, useListUrlState } from '../../components/use-list-url-state';
import { usePageInRange } from '../../components/use-page-in-range';
import { formatDate } from '../../lib/format';
import { useDeleteBonus } from './api/delete-bonus';
import { useBonuses } from './api/list-bonuses';
import { BONUS_TEXTS } from './bonus-form-rules';
import { AwardBonusModal } from './components/award-bonus-modal';
import { BonusTable } from './components/bonus-table';
import { EditBonusModal } from './components/edit-bonus-modal';

export const BONUSES_PAGE_SIZE = 25;

/** What the list shows, in the address (`#/bonuses?employee=12&page=2`). */
const LIST_PARAMS = { employee: idParam(), page: pageParam() };

/** /bonuses is for HR; an employee is sent to their own view-only list (SPEC.md section 6). */
export default function BonusesRoute() {
  return (
    <HrOnly employeeTo="/my-bonuses">
      <BonusesPage />
    </HrOnly>
  );
}

/** /bonuses, Bonus Management (SPEC.md section 2): filtered and paged on the server. */
function BonusesPage() {
  const { values, set } = useListUrlState(LIST_PARAMS);
  const { page } = values;
  const employeeId = values.employee ?? undefined;
  const [employee, setEmployee] = useEmployeeFilter(values.employee, (id) => set({ employee: id }));
  // Each opening of the add modal gets a fresh form (a new key); 0 means closed.
  const [adding, setAdding] = useState(0);
  const [editing, setEditing] = useState<Bonus | null>(null);

  const list = useBonuses({ page, limit: BONUSES_PAGE_SIZE, employee_id: employeeId });
  const deletion = useDeleteConfirmation<Bonus>(
    useDeleteBonus(),
    (bonus) => `${bonus.bonus_name} was deleted`,
  );
  // Past the end (after a delete, or from an old link): the last page, in place of this entry.
  usePageInRange(
    page,
    BONUSES_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.pagination.total,
    (last) => set({ page: last }, { replace: true }),
  );

  const bonuses = list.isError ? [] : (list.data?.bonuses ?? []);
  const deleting = deletion.target;

  return (
    <Stack>
      <PageHeader
        title="Bonus Management"
        description="Bonuses awarded to staff, newest first."
        actions={
          <>
            <ExportCsvButton
              path="/bonuses/export.csv"
              query={{ employee_id: employeeId }}
              access="hr"
              fallbackName={`${EXPORT_FILE_NAMES.bonuses}.csv`}
            />
            <Button
              leftSection={<IconGift size={18} aria-hidden />}
              onClick={() => setAdding((n) => n + 1)}
            >
              Add Bonus
            </Button>
          </>
        }
      />

      <LoadErrorBanner error={list.error} firstLoad={!list.data} />

      <ListPanel
        filters={
          <Box w="100%" maw={360}>
            <EmployeePicker
              ariaLabel="Filter by employee"
              placeholder="All Employees"
              clearable
              value={employee}
              onChange={setEmployee}
            />
          </Box>
        }
        loading={list.isPending && BONUS_TEXTS.loading}
        empty={bonuses.length === 0 && BONUS_TEXTS.empty}
        pager={{
          page,
          limit: BONUSES_PAGE_SIZE,
          total: list.isError ? 0 : (list.data?.pagination.total ?? 0),
          onPageChange: (next) => set({ page: next }),
          noun: 'bonuses',
        }}
      >
        <BonusTable bonuses={bonuses} onEdit={setEditing} onDelete={deletion.ask} />
      </ListPanel>

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
          onSaved={(bonus) =>
            notifications.show({ color: 'green', message: `${bonus.bonus_name} was updated` })
          }
        />
      )}
      <ConfirmDeleteModal
        {...deletion.modalProps}
        title="Delete Bonus"
        name={deleting?.bonus_name ?? ''}
        details={
          deleting && (
            <Text size="sm">
              Employee: <strong>{employeeNameOf(deleting)}</strong> ({deleting.email}), awarded on{' '}
              {formatDate(deleting.created_at)}.
            </Text>
          )
        }
      />
    </Stack>
  );
}
