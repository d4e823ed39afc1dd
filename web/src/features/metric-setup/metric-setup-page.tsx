import { Button, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { MetricType, MetricTypeListItem } from '#contract/metric-types';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { LoadErrorBanner } from '../../components/error-banner';
import { HrOnly } from '../../components/hr-only';
import { ListPanel } from '../../components/list-panel';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { usePageInRange } from '../../components/use-page-in-range';
import { useDeleteMetricType } from './api/delete-metric-type';
import { useMetricTypes } from './api/list-metric-types';
import { MetricTypeFormModal } from './components/metric-type-form-modal';
import { MetricTypeTable, type MetricTypeSort } from './components/metric-type-table';
import { METRIC_TYPE_TEXTS } from './metric-type-form-rules';

export const METRIC_TYPES_PAGE_SIZE = 25;

/** /metric-setup is for HR; an employee goes to the dashboard. */
export default function MetricSetupRoute() {
  return (
    <HrOnly employeeTo="/dashboard">
      <MetricSetupPage />
    </HrOnly>
  );
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

  const list = useMetricTypes({
    page,
    limit: METRIC_TYPES_PAGE_SIZE,
    search: debouncedSearch || undefined,
    sort: sort.sort,
    order: sort.order,
  });
  // A type with recorded values is refused: the modal's banner says why and stays open.
  const deletion = useDeleteConfirmation<MetricTypeListItem>(
    useDeleteMetricType(),
    (type) => `${type.metric_name} was deleted`,
  );
  usePageInRange(page, METRIC_TYPES_PAGE_SIZE, list.data?.pagination.total, setPage);

  const metricTypes = list.isError ? [] : (list.data?.metric_types ?? []);

  return (
    <Stack>
      <PageHeader
        title="Metric Setup"
        description="The kinds of performance metric you record, with their units and ranges."
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setAdding((n) => n + 1)}
          >
            Add Metric Type
          </Button>
        }
      />

      <LoadErrorBanner error={list.error} firstLoad={!list.data} />

      <ListPanel
        filters={
          <SearchInput
            aria-label="Search metric types"
            placeholder="Search by name"
            value={search}
            onChange={(text) => {
              setSearch(text);
              setPage(1);
            }}
            w="100%"
            maw={360}
          />
        }
        loading={list.isPending && METRIC_TYPE_TEXTS.loading}
        empty={metricTypes.length === 0 && METRIC_TYPE_TEXTS.empty}
        pager={{
          page,
          limit: METRIC_TYPES_PAGE_SIZE,
          total: list.isError ? 0 : (list.data?.pagination.total ?? 0),
          onPageChange: setPage,
          noun: 'metric types',
        }}
      >
        <MetricTypeTable
          metricTypes={metricTypes}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
          onEdit={setEditing}
          onDelete={deletion.ask}
        />
      </ListPanel>

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
          onSaved={(type) =>
            notifications.show({ color: 'green', message: `${type.metric_name} was updated` })
          }
        />
      )}
      <ConfirmDeleteModal
        {...deletion.modalProps}
        title="Delete Metric Type"
        name={deletion.target?.metric_name ?? ''}
        details={
          <Text size="sm" c="dimmed">
            A metric type that has recorded values cannot be deleted.
          </Text>
        }
      />
    </Stack>
  );
}
