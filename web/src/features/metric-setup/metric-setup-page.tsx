import { Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import type { MetricType } from '#contract/metric-types';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { ErrorBanner } from '../../components/error-banner';
import { TablePager } from '../../components/table-pager';
import { usePageInRange } from '../../components/use-page-in-range';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useDeleteMetricType } from './api/delete-metric-type';
import { useMetricTypes } from './api/list-metric-types';
import { MetricTypeFormModal } from './components/metric-type-form-modal';
import { MetricTypeTable, type MetricTypeSort } from './components/metric-type-table';
import { METRIC_TYPE_TEXTS } from './metric-type-form-rules';

export const METRIC_TYPES_PAGE_SIZE = 25;

/** /metric-setup is for HR; an employee goes to the dashboard. */
export default function MetricSetupRoute() {
  const { user } = useSession();
  if (user?.user_type === 'employee') return <Navigate to="/dashboard" replace />;
  return <MetricSetupPage />;
}

/** /metric-setup, Metric Setup: the metric types values are recorded against. */
function MetricSetupPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<MetricTypeSort>({ sort: 'metric_name', order: 'asc' });
  // Each opening of the add modal gets a fresh form (a new key); 0 means closed.
  const [adding, setAdding] = useState(0);
  const [editing, setEditing] = useState<MetricType | null>(null);
  const [deleting, setDeleting] = useState<MetricType | null>(null);

  const list = useMetricTypes({
    page,
    limit: METRIC_TYPES_PAGE_SIZE,
    search: debouncedSearch || undefined,
    sort: sort.sort,
    order: sort.order,
  });
  const remove = useDeleteMetricType();
  usePageInRange(page, METRIC_TYPES_PAGE_SIZE, list.data?.pagination.total, setPage);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifications.show({ color: 'green', message: `${deleting.metric_name} was deleted` });
      setDeleting(null);
    } catch {
      // The modal's banner says why (a type with recorded values is refused) and stays open.
    }
  }

  const metricTypes = list.isError ? [] : (list.data?.metric_types ?? []);
  const firstLoadFailed = list.isError && !list.data;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Metric Setup</Title>
          <Text c="dimmed">
            The kinds of performance metric you record, with their units and ranges.
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setAdding((n) => n + 1)}
        >
          Add Metric Type
        </Button>
      </Group>

      {list.isError && (
        <ErrorBanner
          message={firstLoadFailed ? METRIC_TYPE_TEXTS.loadFailed : errorMessage(list.error)}
          detail={firstLoadFailed ? errorMessage(list.error) : null}
        />
      )}

      <Paper withBorder p="md">
        <TextInput
          aria-label="Search metric types"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          mb="md"
          maw={360}
        />
        {list.isPending ? (
          <Center py="xl" role="status">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>{METRIC_TYPE_TEXTS.loading}</Text>
            </Group>
          </Center>
        ) : metricTypes.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {METRIC_TYPE_TEXTS.empty}
          </Text>
        ) : (
          <MetricTypeTable
            metricTypes={metricTypes}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
            onEdit={setEditing}
            onDelete={(type) => {
              remove.reset();
              setDeleting(type);
            }}
          />
        )}
        <TablePager
          page={page}
          limit={METRIC_TYPES_PAGE_SIZE}
          total={list.isError ? 0 : (list.data?.pagination.total ?? 0)}
          onPageChange={setPage}
          noun="metric types"
        />
      </Paper>

      <MetricTypeFormModal
        key={`add-${adding}`}
        opened={adding > 0}
        onClose={() => setAdding(0)}
        onSaved={(type) =>
          notifications.show({ color: 'green', message: `${type.metric_name} was added` })
        }
      />
      {editing && (
        <MetricTypeFormModal
          key={`edit-${editing.id}`}
          opened
          metricType={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete Metric Type"
        name={deleting?.metric_name ?? ''}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        details={
          <Text size="sm" c="dimmed">
            A metric type that has recorded values cannot be deleted.
          </Text>
        }
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
