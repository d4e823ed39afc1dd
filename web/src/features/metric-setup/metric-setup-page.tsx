import { Button, Stack, Text } from '@mantine/core';
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
import {
  enumParam,
  pageParam,
  textParam,
  useListUrlState,
  useUrlSearchText,
} from '../../components/use-list-url-state';
import { usePageInRange } from '../../components/use-page-in-range';
import { useDeleteMetricType } from './api/delete-metric-type';
import { useMetricTypes } from './api/list-metric-types';
import { MetricTypeFormModal } from './components/metric-type-form-modal';
import { MetricTypeTable } from './components/metric-type-table';
import { METRIC_TYPE_TEXTS } from './metric-type-form-rules';

export const METRIC_TYPES_PAGE_SIZE = 25;

/** What the list shows, in the address (`#/metric-setup?search=teach&page=2`). */
const LIST_PARAMS = {
  search: textParam(),
  sort: enumParam(['metric_name', 'created_at'], 'metric_name'),
  order: enumParam(['asc', 'desc'], 'asc'),
  page: pageParam(),
};

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
  const { values, set } = useListUrlState(LIST_PARAMS);
  const { page, search: debouncedSearch } = values;
  const [search, setSearch] = useUrlSearchText(debouncedSearch, (text) =>
    set({ search: text }, { replace: true }),
  );
  const sort = { sort: values.sort, order: values.order };
  const setPage = (next: number, replace = false) => set({ page: next }, { replace });
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
  // Past the end (after a delete, or from an old link): the last page, in place of this entry.
  usePageInRange(
    page,
    METRIC_TYPES_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.pagination.total,
    (last) => setPage(last, true),
  );

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
            onChange={setSearch}
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
          onPageChange: (next) => setPage(next),
          noun: 'metric types',
        }}
      >
        <MetricTypeTable
          metricTypes={metricTypes}
          sort={sort}
          onSort={(next) => set(next)}
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
